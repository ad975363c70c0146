import { describe, expect, it } from "vitest";
import { dayStart, exportUrl, ordersUrl, parseOrdersQuery } from "./filters";
import { ordersFilter } from "./forms.server";

const q = (s: string) => parseOrdersQuery(new URLSearchParams(s));

describe("/orders' address", () => {
  it("reads the list, the filters and the page, and ignores what is not one of them", () => {
    expect(q("")).toMatchObject({ view: "open", pairId: null, side: null, status: null, from: "", to: "", page: 1, errors: {} });
    expect(q("view=history&pair=3&side=sell&status=cancelled&page=2")).toMatchObject({
      view: "history",
      pairId: 3,
      side: "sell",
      status: "cancelled",
      page: 2,
    });
    // A status of another list, an unknown list, a pair that is not an id, page 0.
    expect(q("view=open&status=completed")).toMatchObject({ status: null });
    expect(q("view=nope&pair=btc&side=both&page=0")).toMatchObject({ view: "open", pairId: null, side: null, page: 1 });
    expect(q("view=fills&status=untriggered").status).toBeNull();
  });

  it("turns UTC days into a range of times that includes the last day, and refuses a date that is not one", () => {
    expect(dayStart("2026-11-26")).toBe(Date.UTC(2026, 10, 26));
    expect(dayStart("2026-02-30")).toBeNull();
    expect(ordersFilter(q("view=fills&from=2026-11-01&to=2026-11-30&side=buy"))).toEqual({
      way: 1,
      from: Date.UTC(2026, 10, 1),
      to: Date.UTC(2026, 11, 1),
    });
    const bad = q("from=2026-13-01&to=2026-11-30");
    expect(bad.errors).toEqual({ from: "date_invalid" });
    expect(ordersFilter(bad)).toEqual({ status: "open", to: Date.UTC(2026, 11, 1) });
    const reversed = q("view=history&from=2026-12-01&to=2026-11-30");
    expect(reversed.errors).toEqual({ from: "date_order" });
    expect(ordersFilter(reversed)).toEqual({ status: "history" });
  });

  it("asks the exchange for the view's statuses", () => {
    expect(ordersFilter(q("view=open"))).toEqual({ status: "open" });
    expect(ordersFilter(q("view=open&status=untriggered&pair=2"))).toEqual({ status: "untriggered", currency_match_id: 2 });
    expect(ordersFilter(q("view=history"))).toEqual({ status: "history" });
  });

  it("builds links that keep the other filters, back to page 1, and the CSV of the same rows", () => {
    expect(ordersUrl("?view=history&page=3&side=buy", { side: "sell" })).toBe("/orders?view=history&side=sell");
    expect(ordersUrl("?view=history&page=3", { page: 4 })).toBe("/orders?view=history&page=4");
    expect(ordersUrl("?confirm=cancel-all", { view: null })).toBe("/orders");
    expect(exportUrl(q("view=fills&pair=3&from=2026-11-01"))).toBe("/resources/export/fills?view=fills&pair=3&from=2026-11-01");
    expect(exportUrl(q("view=open&status=untriggered"))).toBe("/resources/export/orders?view=open&status=untriggered");
  });
});
