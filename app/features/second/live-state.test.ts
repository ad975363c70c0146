import { describe, expect, it } from "vitest";
import type { MicroOrder } from "~/contract/micro";
import { applyMicroClosed, dropClosed, liveFigures, recentResult } from "./live-state";

const o = (id: number, status = 1, over: Partial<MicroOrder> = {}): MicroOrder => ({
  id,
  match_id: 1,
  symbol_name: "BTC/USDT",
  seconds: 30,
  number: "10",
  currency_name: "USDT",
  open_price: "100",
  end_price: "101",
  type: 1,
  status,
  profit_ratio: "0.2",
  fact_profits: status === 3 ? "2" : null,
  expected_profits: "2",
  result: status === 3 ? "win" : null,
  fee: "0.01",
  remain_milli_seconds: 0,
  created_at: 0,
  due_at: 0,
  ...over,
});

describe("second contract live rows", () => {
  it("replaces the running row by the closed order, then drops it", () => {
    const rows = applyMicroClosed([o(1), o(2)], o(2, 3), "progress", 1);
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      [1, 1],
      [2, 3],
    ]);
    expect(dropClosed(rows, 2).map((r) => r.id)).toEqual([1]);
  });
  it("adds it to the top of the closed list's first page only", () => {
    expect(applyMicroClosed([o(1, 3)], o(2, 3), "closed", 1).map((r) => r.id)).toEqual([2, 1]);
    expect(applyMicroClosed([o(1, 3)], o(2, 3), "closed", 2).map((r) => r.id)).toEqual([1]);
  });
});

describe("a running order at the live price", () => {
  it("follows the header's price: an up order gains above its purchase price and loses its stake below", () => {
    expect(liveFigures(o(1, 1, { end_price: "100", expected_profits: "0" }), 1, "100.5")).toEqual({ current: "100.5", expected: "2" });
    expect(liveFigures(o(1, 1, { end_price: "100", expected_profits: "0" }), 1, "99.9")).toEqual({ current: "99.9", expected: "-10" });
    expect(liveFigures(o(1, 1, { type: 2, end_price: "100", expected_profits: "0" }), 1, "99.9")).toEqual({
      current: "99.9",
      expected: "2",
    });
    expect(liveFigures(o(1, 1, { end_price: "100", expected_profits: "0" }), 1, "100")).toEqual({ current: "100", expected: "0" });
  });
  it("keeps the server's figures without a price, for another pair, and for a closed order", () => {
    expect(liveFigures(o(1, 1, { end_price: "100", expected_profits: "0" }), 1, null)).toEqual({ current: "100", expected: "0" });
    expect(liveFigures(o(1, 1, { match_id: 2, end_price: "100", expected_profits: "0" }), 1, "105")).toEqual({
      current: "100",
      expected: "0",
    });
    expect(liveFigures(o(1, 3), 1, "90")).toEqual({ current: "101", expected: "2" });
  });
});

describe("the last result beside the order form", () => {
  it("is the last closed order while it is recent", () => {
    const closed = o(5, 3, { due_at: 1_000_000 });
    expect(recentResult(closed, 1_000_000 + 60_000)?.id).toBe(5);
    expect(recentResult(closed, 1_000_000 + 6 * 60_000)).toBeNull();
    expect(recentResult(o(6, 1), 0)).toBeNull();
    expect(recentResult(null, 0)).toBeNull();
  });
});
