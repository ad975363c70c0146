import { describe, expect, it } from "vitest";
import type { LeverPosition } from "~/contract/lever";
import { closeSummary, confirmHref, roePercent, withoutConfirm } from "./close-rules";

const p = (id: number, type: 1 | 2, margin: string, profit: string) =>
  ({ id, type, caution_money: margin, profits: profit, symbol: "BTC/USDT" }) as unknown as LeverPosition;
const open = [p(1, 1, "60", "5.5"), p(2, 2, "30", "-2"), p(3, 1, "10", "-1.25")];

describe("what a close confirmation names", () => {
  it("one position: itself, its margin and profit", () => {
    expect(closeSummary(open, { kind: "close", id: 2 })).toEqual({ positions: [open[1]], margin: "30", profit: "-2" });
  });
  it("a batch: every position of the side, summed", () => {
    expect(closeSummary(open, { kind: "batch", type: 0 })).toMatchObject({ margin: "100", profit: "2.25" });
    expect(closeSummary(open, { kind: "batch", type: 1 })?.positions.map((x) => x.id)).toEqual([1, 3]);
    expect(closeSummary(open, { kind: "batch", type: 2 })).toMatchObject({ margin: "30", profit: "-2" });
  });
  it("nothing when it is no longer open", () => {
    expect(closeSummary(open, { kind: "close", id: 9 })).toBeNull();
    expect(closeSummary([], { kind: "batch", type: 0 })).toBeNull();
  });
});

describe("return on equity", () => {
  it("is profit over margin in percent, toward zero", () => {
    expect(roePercent("5.5", "60")).toBe("9.16");
    expect(roePercent("-1.25", "10")).toBe("-12.50");
    expect(roePercent("1", "0")).toBeNull();
  });
});

describe("the confirmation step's address", () => {
  it("is added to the page's query and taken off again, the rest kept", () => {
    expect(confirmHref("?symbol=BTCUSDT&orders=current", { kind: "close", id: 7 })).toBe(
      "?symbol=BTCUSDT&orders=current&confirm=close&id=7",
    );
    expect(confirmHref("?symbol=BTCUSDT&confirm=close&id=7", { kind: "batch", type: 1 })).toBe("?symbol=BTCUSDT&confirm=batch&type=1");
    expect(withoutConfirm("/lever?symbol=BTCUSDT&confirm=close&id=7")).toBe("/lever?symbol=BTCUSDT");
    expect(withoutConfirm("/lever?confirm=batch&type=0#positions")).toBe("/lever#positions");
    expect(withoutConfirm("/lever")).toBe("/lever");
  });
});
