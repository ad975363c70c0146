import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { BUY, OrderBook, SELL } from "./book";
import { decimalsOf, formatFixed, formatScaled, parseScaled, QUOTE_DIGITS } from "./fixed";

const p = (v: string) => parseScaled(v);

describe("fixed-point helpers", () => {
  it("parses and formats exactly", () => {
    expect(parseScaled("1")).toBe(100_000_000n);
    expect(parseScaled("0.00000001")).toBe(1n);
    expect(parseScaled("64000.5")).toBe(6_400_050_000_000n);
    expect(parseScaled("1.500000000")).toBe(150_000_000n);
    expect(() => parseScaled("1.000000001")).toThrow();
    expect(() => parseScaled("-1")).toThrow();
    expect(() => parseScaled("1e5")).toThrow();
    expect(formatScaled(150_000_000n)).toBe("1.5");
    expect(formatScaled(0n)).toBe("0");
    expect(formatScaled(-5n)).toBe("-0.00000005");
    expect(formatScaled(p("0.1") * p("0.2"), QUOTE_DIGITS)).toBe("0.02");
    expect(formatFixed(p("64000.5"), 2)).toBe("64000.50");
    expect(formatFixed(p("0.123456"), 4)).toBe("0.1234");
    expect(formatFixed(p("3"), 0)).toBe("3");
    expect(decimalsOf("1.250")).toBe(3);
    expect(decimalsOf("x")).toBe(-1);
  });

  it("round-trips any amount (property)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), (v) => {
        expect(parseScaled(formatScaled(v))).toBe(v);
        expect(parseScaled(formatScaled(v, QUOTE_DIGITS), QUOTE_DIGITS)).toBe(v);
      }),
    );
  });
});

describe("OrderBook", () => {
  it("matches best price first, then oldest first, at the resting price", () => {
    const b = new OrderBook();
    b.add(1, 1, SELL, p("101"), p("1"));
    b.add(2, 1, SELL, p("100"), p("1"));
    b.add(3, 2, SELL, p("100"), p("2"));
    b.add(4, 2, BUY, p("99"), p("5"));
    expect(b.bestAsk()).toBe(p("100"));
    expect(b.bestBid()).toBe(p("99"));
    const fills = b.match(BUY, p("100.5"), p("2.5"));
    expect(fills.map((f) => [f.maker.id, formatScaled(f.price), formatScaled(f.qty), f.makerDone])).toEqual([
      [2, "100", "1", true],
      [3, "100", "1.5", false],
    ]);
    expect(b.bestAsk()).toBe(p("100"));
    expect(b.view().asks[0].total).toBe(p("0.5"));
    // A market order walks through levels; the limit stops it.
    expect(b.walk(BUY, p("10"))).toEqual({ qty: p("1.5"), quote: p("100") * p("0.5") + p("101") * p("1") });
    expect(b.match(SELL, p("99.5"), p("1"))).toEqual([]);
    const all = b.match(BUY, null, p("10"));
    expect(all.map((f) => f.maker.id)).toEqual([3, 1]);
    expect(b.bestAsk()).toBeNull();
    expect(b.size).toBe(1);
  });

  it("cancels from the middle of a level and drops empty levels", () => {
    const b = new OrderBook();
    for (let i = 1; i <= 5; i++) b.add(i, 1, BUY, p(String(90 + (i % 3))), p("1"));
    expect(b.cancel(99)).toBeUndefined();
    b.cancel(4); // price 91
    b.cancel(1); // price 91
    expect(b.view().bids.map((l) => [formatScaled(l.price), l.orders.map((o) => o.id)])).toEqual([
      ["92", [2, 5]],
      ["90", [3]],
    ]);
    expect(b.depth(1)).toEqual({ bids: [[p("92"), p("2")]], asks: [] });
  });
});
