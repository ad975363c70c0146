import { describe, expect, it } from "vitest";
import { depthGeometry, depthSummary } from "./depth-geometry";

const book = {
  // Bids best (highest) first, asks best (lowest) first.
  in: [
    { price: "99.5", amount: "1" },
    { price: "99", amount: "2" },
    { price: "98", amount: "4" },
  ],
  out: [
    { price: "100.5", amount: "0.5" },
    { price: "101", amount: "1.5" },
    { price: "102", amount: "1" },
  ],
};

describe("depthSummary", () => {
  it("says the best bid and ask, the spread and the depth within 1 % of the mid price, exactly", () => {
    expect(depthSummary(book)).toEqual({
      bestBid: "99.5",
      bestAsk: "100.5",
      spread: "1",
      spreadPercent: "1.00",
      mid: "100",
      // ≥ 99: 1 + 2; ≤ 101: 0.5 + 1.5.
      bidsWithin1: "3",
      asksWithin1: "2",
    });
  });

  it("adds decimals without rounding, and copes with one side or none", () => {
    const fine = depthSummary({
      in: [
        { price: "0.0022662", amount: "0.1" },
        { price: "0.0022661", amount: "0.2" },
      ],
      out: [],
    });
    expect(fine).toMatchObject({
      bestBid: "0.0022662",
      bestAsk: null,
      spread: null,
      spreadPercent: null,
      mid: "0.0022662",
      bidsWithin1: "0.3",
    });
    expect(depthSummary({ in: [], out: [] })).toEqual({
      bestBid: null,
      bestAsk: null,
      spread: null,
      spreadPercent: null,
      mid: null,
      bidsWithin1: "0",
      asksWithin1: "0",
    });
  });
});

describe("depthGeometry", () => {
  // A 200 × 100 box with no padding: x = (price − 98) / 4 × 200, y = 100 − total / 7 × 100.
  const g = depthGeometry(book, { width: 200, height: 100, pad: 0 });

  it("centres the mid price and reaches the farther side's last level on both sides", () => {
    expect(g.midX).toBe(100);
    expect([g.left, g.right, g.top]).toEqual(["98", "102", "7"]);
  });

  it("steps the bids leftwards and the asks rightwards at their cumulative totals, down to the baseline", () => {
    // Bids: at 99.5 up to 1 (y 85.7), at 99 up to 3 (57.1), at 98 up to 7 (0), out to the left edge.
    expect(g.bids).toBe("M75 100V85.7H50V57.1H0V0H0V100Z");
    // Asks: at 100.5 up to 0.5 (92.9), at 101 up to 2 (71.4), at 102 up to 3 (57.1), out to the right edge.
    expect(g.asks).toBe("M125 100V92.9H150V71.4H200V57.1H200V100Z");
  });

  it("draws one side, or nothing, and keeps inside the padding", () => {
    const one = depthGeometry({ in: [{ price: "50", amount: "2" }], out: [] }, { width: 100, height: 50, pad: 5 });
    expect(one.asks).toBe("");
    // A single level is given 1 % of the price either side: it steps at the centre and fills to the left edge.
    expect(one.bids).toBe("M50 45V5H5V45Z");
    const none = depthGeometry({ in: [], out: [] }, { width: 100, height: 50 });
    expect([none.bids, none.asks, none.top]).toEqual(["", "", "0"]);
  });
});
