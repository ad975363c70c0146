import { describe, expect, it } from "vitest";
import type { LeverPosition } from "~/contract/lever";
import { applyLeverClosed, applyLeverTrade } from "./live-state";

const pos = (id: number, over: Partial<LeverPosition> = {}): LeverPosition => ({
  id,
  type: 1,
  type_name: "long",
  status: 1,
  status_name: "trading",
  currency_match_id: 1,
  symbol: "BTC/USDT",
  share: 1,
  multiple: 10,
  price: "60030.00",
  origin_price: "60000.00",
  update_price: "60000.00",
  target_profit_price: "0",
  stop_loss_price: "0",
  caution_money: "60.03",
  origin_caution_money: "60.03",
  trade_fee: "0.6003",
  overnight_money: "0",
  number: "0.01",
  profits: "-0.3",
  time: 1,
  opened_at: 1,
  closed_at: null,
  close_reason: null,
  liquidation_price: null,
  base_currency_id: 2,
  quote_currency_id: 1,
  ...over,
});

describe("lever live state", () => {
  it("LEVER_TRADE replaces rows by id and adds a position that opened (page 1 of current positions)", () => {
    const list = { tab: "current" as const, page: 1, data: [pos(1), pos(2)], total: 2, per_page: 10 };
    const next = applyLeverTrade(list, {
      type: "LEVER_TRADE",
      currency_match_id: 1,
      trades_all: [pos(2, { profits: "5" }), pos(3)],
      hazard_rate: "900",
      profits_all: "4.7",
    });
    expect(next.data.map((p) => [p.id, p.profits])).toEqual([
      [3, "-0.3"],
      [1, "-0.3"],
      [2, "5"],
    ]);
  });

  it("leaves other tabs and later pages alone", () => {
    const closed = { tab: "closed" as const, page: 1, data: [pos(1, { status: 3 })], total: 1, per_page: 10 };
    expect(
      applyLeverTrade(closed, { type: "LEVER_TRADE", currency_match_id: 1, trades_all: [pos(1)], hazard_rate: null, profits_all: "0" }),
    ).toBe(closed);
    const page2 = { tab: "current" as const, page: 2, data: [pos(1)], total: 11, per_page: 10 };
    expect(
      applyLeverTrade(page2, { type: "LEVER_TRADE", currency_match_id: 1, trades_all: [pos(9)], hazard_rate: null, profits_all: "0" }).data,
    ).toHaveLength(1);
  });

  it("LEVER_CLOSED removes rows by id from the open and pending tabs", () => {
    const list = { tab: "positions" as const, page: 1, data: [pos(1), pos(2)], total: 2, per_page: 10 };
    const next = applyLeverClosed(list, { type: "LEVER_CLOSED", currency_match_id: 1, ids: [1], reason: "stop_loss" });
    expect(next.data.map((p) => p.id)).toEqual([2]);
    expect(next.total).toBe(1);
    const closedTab = { tab: "closed" as const, page: 1, data: [pos(1)], total: 1, per_page: 10 };
    expect(applyLeverClosed(closedTab, { type: "LEVER_CLOSED", currency_match_id: 1, ids: [1], reason: "close" })).toBe(closedTab);
  });
});
