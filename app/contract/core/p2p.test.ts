import { describe, expect, it } from "vitest";
import {
  allowedActions,
  canAct,
  completionRate,
  P2P_STATUS,
  p2pAmount,
  p2pQuantityFor,
  secondsLeft,
  userRoleOnAd,
  utcDayStart,
} from "./p2p";

describe("fiat P2P rules", () => {
  it("gives each party its actions in each state (the buyer cancels and pays, the seller confirms and delays)", () => {
    const table = Object.values(P2P_STATUS).map((s) => [s, allowedActions(s, "buyer").join(" "), allowedActions(s, "seller").join(" ")]);
    expect(table).toEqual([
      // Abnormal only once a payment is claimed: an unpaid order marked abnormal would freeze the escrow with no end.
      [1, "voucher pay cancel message", "confirm message"],
      [2, "voucher cancel abnormal appeal message", "confirm delay abnormal appeal message"],
      [3, "", ""],
      [4, "", ""],
      [5, "voucher cancel abnormal appeal message", "confirm abnormal appeal message"],
      [6, "message", "message"],
      [7, "voucher cancel appeal message", "confirm appeal message"],
    ]);
    expect(canAct("pay", P2P_STATUS.PAID, "buyer")).toBe(false);
    expect(canAct("confirm", P2P_STATUS.APPEAL, "seller")).toBe(false);
    expect(canAct("delay", P2P_STATUS.DELAYED, "seller")).toBe(false);
    expect(canAct("abnormal", P2P_STATUS.PENDING, "buyer")).toBe(false);
    expect(canAct("abnormal", P2P_STATUS.PENDING, "seller")).toBe(false);
    expect(canAct("abnormal", P2P_STATUS.PAID, "buyer")).toBe(true);
  });

  it("names the user's side of an ad", () => {
    expect(userRoleOnAd("sell")).toBe("buyer");
    expect(userRoleOnAd("buy")).toBe("seller");
  });

  it("rounds fiat totals half up to the cent and floors the coins a fiat amount buys", () => {
    expect(p2pAmount("100", "7.2")).toBe("720.00");
    expect(p2pAmount("0.333333", "7.13")).toBe("2.38"); // 2.37666…
    expect(p2pAmount("0.07", "0.5")).toBe("0.04"); // 0.035 half up
    expect(p2pQuantityFor("720", "7.20", 6)).toBe("100");
    expect(p2pQuantityFor("100", "7.13", 6)).toBe("14.025245"); // 14.0252454…, never more than paid for
    expect(p2pQuantityFor("100", "3", 0)).toBe("33");
  });

  it("shows the completion rate with 2 decimals, floored, and none without finished orders", () => {
    expect(completionRate(0, 0)).toBeNull();
    expect(completionRate(2, 3)).toBe("66.66");
    expect(completionRate(5, 5)).toBe("100.00");
  });

  it("counts the day in UTC and the seconds left up to the due time", () => {
    expect(utcDayStart(Date.UTC(2026, 10, 24, 23, 59, 59))).toBe(Date.UTC(2026, 10, 24));
    expect(secondsLeft(10_500, 1_000)).toBe(10);
    expect(secondsLeft(1_000, 2_000)).toBe(0);
    expect(secondsLeft(null, 0)).toBe(0);
  });
});
