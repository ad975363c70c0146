import { describe, expect, it } from "vitest";
import * as lever from "./lever";

// BTC/USDT's terms: lever_point_rate 0.05 (%), lever_share_num 0.01, lever_fee_rate 0.001, 2 price decimals.
const BTC = { pointRate: "0.05", shareNum: "0.01", feeRate: "0.001", pricePrecision: 2 };

describe("lever formulas (docs/product.md, Money and rounding), hand-worked", () => {
  it("open price: price × (1 ± 0.05 %), rounded against the trader", () => {
    expect(lever.leverOpenPrice("60000", 1, BTC)).toBe("60030.00"); // 60000 × 1.0005
    expect(lever.leverOpenPrice("60000", 2, BTC)).toBe("59970.00"); // 60000 × 0.9995
    expect(lever.leverOpenPrice("0.12345", 1, { pointRate: "0.05", pricePrecision: 4 })).toBe("0.1236"); // 0.123511725 → up
    expect(lever.leverOpenPrice("0.12345", 2, { pointRate: "0.05", pricePrecision: 4 })).toBe("0.1233"); // 0.123388275 → down
  });

  it("margin = value / multiple and fee = value × rate, rounded up to 8 decimals", () => {
    // 2 hands × 0.01 = 0.02 BTC at 60030 = 1200.6; / 10 = 120.06; × 0.001 = 1.2006
    expect(lever.leverQuote({ price: "60000", type: 1, hands: 2, multiple: 10, terms: BTC })).toEqual({
      openPrice: "60030.00",
      number: "0.02",
      value: "1200.6",
      margin: "120.06",
      fee: "1.2006",
    });
    // short 3 hands × 0.01 at 59970 = 1799.1; / 100 = 17.991; fee 1.7991
    expect(lever.leverQuote({ price: "60000", type: 2, hands: 3, multiple: 100, terms: BTC })).toMatchObject({
      margin: "17.991",
      fee: "1.7991",
    });
    // 1 hand of 0.01 at 33.33 (no spread) = 0.3333; / 7 = 0.047614285714… → up to 0.04761429
    expect(lever.leverQuote({ price: "33.33", type: 1, hands: 1, multiple: 7, terms: { ...BTC, pointRate: "0" } }).margin).toBe(
      "0.04761429",
    );
    expect(lever.dialogAmount("0.04761429")).toBe("0.0477");
    expect(lever.dialogAmount("120.06")).toBe("120.0600");
  });

  it("profit: (current − open) × number, reversed for a short", () => {
    expect(lever.leverProfit(1, "60030", "60530", "0.02")).toBe("10");
    expect(lever.leverProfit(2, "59970", "60530", "0.03")).toBe("-16.8"); // (59970 − 60530) × 0.03
  });

  it("expected profit and loss of the take-profit/stop-loss dialog", () => {
    expect(lever.expectedProfit(1, "60030", "61030", "0.02")).toBe("20"); // (61030 − 60030) × 0.02
    expect(lever.expectedProfit(1, "60030", "59000", "0.02")).toBe("0"); // target under the open price: nothing
    expect(lever.expectedProfit(2, "59970", "58970", "0.02")).toBe("20");
    expect(lever.expectedProfit(1, "60030", "", "0.02")).toBe("0");
    expect(lever.expectedLoss(1, "60030", "59030", "0.02")).toBe("20"); // (60030 − 59030) × 0.02
    expect(lever.expectedLoss(1, "60030", "61000", "0.02")).toBe("0");
    expect(lever.expectedLoss(2, "59970", "60970", "0.02")).toBe("20");
    expect(lever.expectedLoss(2, "59970", "0", "0.02")).toBe("0");
  });

  it("risk rate = (available + margin + profit) / margin × 100, rounded down; null without margin", () => {
    expect(lever.riskRate("4878.7394", "120.06", "10")).toBe("4171.91"); // 5008.7994 / 120.06 = 41.7191…
    expect(lever.riskRate("0", "6.003", "-4.8023")).toBe("20.00"); // 1.2007 / 6.003 = 20.0016…
    expect(lever.riskRate("100", "0", "0")).toBeNull();
  });

  it("liquidation at or below 20 % on the exact ratio", () => {
    expect(lever.mustLiquidate("0", "6.003", "-4.8024")).toBe(true); // exactly 20 %
    expect(lever.mustLiquidate("0", "6.003", "-4.8023")).toBe(false); // 20.0016 %: shown as 20.00, not liquidated
    expect(lever.mustLiquidate("0", "0", "-1")).toBe(false);
  });

  it("estimated liquidation price of one position, the rest unchanged", () => {
    // equity 6.003 − 0.3 = 5.703; room 5.703 − 1.2006 = 4.5024; / 0.01 = 450.24 under 60000
    expect(
      lever.liquidationPrice({
        type: 1,
        currentPrice: "60000",
        number: "0.01",
        available: "0",
        marginInUse: "6.003",
        profit: "-0.3",
        pricePrecision: 2,
      }),
    ).toBe("59549.76");
    expect(
      lever.liquidationPrice({
        type: 2,
        currentPrice: "60000",
        number: "0.01",
        available: "0",
        marginInUse: "5.997",
        profit: "-0.3",
        pricePrecision: 2,
      }),
    ).toBe(
      "60449.76", // room 5.697 − 1.1994 = 4.4976 → 449.76 above 60000
    );
    expect(
      lever.liquidationPrice({
        type: 1,
        currentPrice: "100",
        number: "0.01",
        available: "1000",
        marginInUse: "1",
        profit: "0",
        pricePrecision: 2,
      }),
    ).toBeNull(); // only below 0
    expect(
      lever.liquidationPrice({
        type: 1,
        currentPrice: "100",
        number: "1",
        available: "0",
        marginInUse: "10",
        profit: "-9",
        pricePrecision: 2,
      }),
    ).toBeNull(); // under the line already
  });

  it("settlement: a profit paid, a loss from margin then balance, the rest absorbed", () => {
    expect(lever.settle({ margin: "10", available: "5", profit: "3" })).toEqual({ paid: "3", lossTaken: "0", absorbed: "0" });
    expect(lever.settle({ margin: "10", available: "5", profit: "-12" })).toEqual({ paid: "0", lossTaken: "12", absorbed: "0" });
    expect(lever.settle({ margin: "10", available: "5", profit: "-20" })).toEqual({ paid: "0", lossTaken: "15", absorbed: "5" });
  });

  it("overnight fee, stops, pending orders and the stop side", () => {
    expect(lever.overnightFee("600.3")).toBe("0.30015"); // × 0.0005
    expect(lever.stopHit(1, "60100", "60100", "59000")).toBe("profit");
    expect(lever.stopHit(1, "59000", "60100", "59000")).toBe("loss");
    expect(lever.stopHit(1, "60000", "60100", "59000")).toBeNull();
    expect(lever.stopHit(2, "59000", "59000", "61000")).toBe("profit");
    expect(lever.stopHit(2, "61000", "59000", "61000")).toBe("loss");
    expect(lever.stopHit(1, "1", "0", "0")).toBeNull();
    expect(lever.pendingReached(1, "58999", "59000")).toBe(true);
    expect(lever.pendingReached(1, "59001", "59000")).toBe(false);
    expect(lever.pendingReached(2, "59001", "59000")).toBe(true);
    expect(lever.stopSideError(1, "60000", "59000", "0")).toBe("take_profit");
    expect(lever.stopSideError(1, "60000", "0", "61000")).toBe("stop_loss");
    expect(lever.stopSideError(2, "60000", "61000", "0")).toBe("take_profit");
    expect(lever.stopSideError(2, "60000", "59000", "61000")).toBeNull();
  });
});
