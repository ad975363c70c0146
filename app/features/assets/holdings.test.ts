import { describe, expect, it } from "vitest";
import { filterHoldings, holdingsFilterOf } from "./holdings";
import { isSmallBalance } from "./rules";
import { SMALL_BALANCE_USD } from "~/contract/core/notifications";

const rows = [
  { code: "USDT", small: false },
  { code: "BTC", small: true },
  { code: "ETH", small: false },
  { code: "TRX", small: true },
  { code: "LTC", small: true },
];
const codes = (r: { code: string }[]) => r.map((x) => x.code);

describe("filterHoldings", () => {
  it("shows every row without a filter", () => {
    expect(codes(filterHoldings(rows, { q: "", hide: false }))).toEqual(["USDT", "BTC", "ETH", "TRX", "LTC"]);
  });

  it("hides the small ones when asked, keeping the order", () => {
    expect(codes(filterHoldings(rows, { q: "", hide: true }))).toEqual(["USDT", "ETH"]);
  });

  it("finds codes containing the search, in any case, ignoring what cannot be in a code", () => {
    expect(codes(filterHoldings(rows, { q: "bt", hide: false }))).toEqual(["BTC"]);
    expect(codes(filterHoldings(rows, { q: "T", hide: false }))).toEqual(["USDT", "BTC", "ETH", "TRX", "LTC"]);
    expect(codes(filterHoldings(rows, { q: "tc", hide: false }))).toEqual(["BTC", "LTC"]);
    expect(codes(filterHoldings(rows, { q: " e-t ", hide: false }))).toEqual(["ETH"]);
    expect(codes(filterHoldings(rows, { q: "xyz", hide: false }))).toEqual([]);
    // Nothing searchable left: no search.
    expect(codes(filterHoldings(rows, { q: "/ ", hide: false }))).toHaveLength(5);
  });

  it("applies both at once", () => {
    expect(codes(filterHoldings(rows, { q: "tc", hide: true }))).toEqual([]);
    expect(codes(filterHoldings(rows, { q: "t", hide: true }))).toEqual(["USDT", "ETH"]);
  });
});

describe("the filter in the address", () => {
  it("reads q as typed (trimmed, at most 20 characters) and hide only as '1'", () => {
    expect(holdingsFilterOf(new URLSearchParams("q=%20btc%20&hide=1"))).toEqual({ q: "btc", hide: true });
    expect(holdingsFilterOf(new URLSearchParams("hide=on"))).toEqual({ q: "", hide: false });
    expect(holdingsFilterOf(new URLSearchParams(`q=${"a".repeat(50)}`)).q).toHaveLength(20);
  });
});

describe("isSmallBalance", () => {
  it("is under 1 USD as the row shows it; an unknown value is not judged small", () => {
    const isSmall = (usd: string) => isSmallBalance(usd, SMALL_BALANCE_USD);
    expect(SMALL_BALANCE_USD).toBe("1");
    expect(isSmall("0.00")).toBe(true);
    expect(isSmall("0.99")).toBe(true);
    expect(isSmall("1.00")).toBe(false);
    expect(isSmall("1")).toBe(false);
    expect(isSmall("12345.67")).toBe(false);
    expect(isSmall("")).toBe(false);
    expect(isSmall("--")).toBe(false);
  });
});
