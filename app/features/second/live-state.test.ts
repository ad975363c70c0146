import { describe, expect, it } from "vitest";
import type { MicroOrder } from "~/contract/micro";
import { applyMicroClosed, dropClosed } from "./live-state";

const o = (id: number, status = 1): MicroOrder => ({
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
});

describe("second contract live rows (SPEC §4)", () => {
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
