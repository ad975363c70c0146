import { describe, expect, it } from "vitest";
import { csvCell, csvFileName, csvRow, csvTime, parseCsv } from "./csv";

describe("csvCell", () => {
  it("neutralises a cell a spreadsheet would run as a formula", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(csvCell("+41 79 000")).toBe("'+41 79 000");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("-")).toBe("'-");
    expect(csvCell("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
  });

  it("keeps exact decimals as they are, a negative amount too", () => {
    expect(csvCell("0.00000001")).toBe("0.00000001");
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell("64213.5200000000000001")).toBe("64213.5200000000000001");
    expect(csvCell("-1e5")).toBe("'-1e5");
    expect(csvCell(3)).toBe("3");
  });

  it("quotes commas, quotes, line breaks and surrounding spaces, and leaves the rest bare", () => {
    expect(csvCell("BTC/USDT")).toBe("BTC/USDT");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" padded")).toBe('" padded"');
    expect(csvCell("数量")).toBe("数量");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
  });

  it("round-trips through a parser, neutralised cells keeping their text after the apostrophe", () => {
    const cells = ["=cmd|' /C calc'!A0", "a,b", 'q"uote', "line\r\nbreak", "-7.25", "", "@x"];
    const [back] = parseCsv(csvRow(cells));
    expect(back).toEqual(["'=cmd|' /C calc'!A0", "a,b", 'q"uote', "line\r\nbreak", "-7.25", "", "'@x"]);
  });
});

describe("csv helpers", () => {
  it("writes UTC ISO times, CRLF rows and safe file names", () => {
    expect(csvTime(Date.UTC(2026, 10, 26, 8, 30))).toBe("2026-11-26T08:30:00.000Z");
    expect(csvTime(null)).toBe("");
    expect(csvRow(["a", "b"])).toBe("a,b\r\n");
    expect(csvFileName("account log/spot", Date.UTC(2026, 0, 2))).toBe("account-log-spot-2026-01-02.csv");
    expect(parseCsv("\uFEFFh1,h2\r\n1,2\r\n")).toEqual([
      ["h1", "h2"],
      ["1", "2"],
    ]);
  });
});
