import { describe, expect, it } from "vitest";
import { ungrouped } from "./figure-paste";

describe("a pasted figure's thousands separators", () => {
  it("go, in the ways the site's languages write them, the last separator being the point", () => {
    expect(ungrouped("67,123.45")).toBe("67123.45"); // English, Chinese, Japanese, Korean, Thai
    expect(ungrouped("67.123,45")).toBe("67123.45"); // German, Italian, Spanish
    expect(ungrouped("67\u202f123,45")).toBe("67123,45"); // French: the comma is then the point as typed
    expect(ungrouped("1\u00a0234\u00a0567,5")).toBe("1234567,5"); // Polish
    expect(ungrouped("1,234,567.891")).toBe("1234567.891");
    expect(ungrouped("1.234.567")).toBe("1234567");
    expect(ungrouped("1,234,567")).toBe("1234567");
  });

  it("with a code or a currency sign around the number", () => {
    expect(ungrouped("67,123.45 USDT")).toBe("67123.45");
    expect(ungrouped("$1,250.00")).toBe("1250.00");
    expect(ungrouped(" 0.5 BTC ")).toBe("0.5");
  });

  it("leave a lone separator and anything that is not grouped by threes as it is", () => {
    expect(ungrouped("1,000")).toBe("1,000");
    expect(ungrouped("0,5")).toBe("0,5");
    expect(ungrouped("0.001")).toBe("0.001");
    expect(ungrouped("12.34.56")).toBe("12.34.56");
    expect(ungrouped("1,23.45")).toBe("1,23.45");
    expect(ungrouped("1234,567.8")).toBe("1234,567.8");
  });

  it("is no figure when the text is not a number", () => {
    expect(ungrouped("abc")).toBeNull();
    expect(ungrouped("")).toBeNull();
    expect(ungrouped("1e5")).toBeNull();
    expect(ungrouped("-5")).toBeNull();
    expect(ungrouped(".5")).toBeNull();
  });
});
