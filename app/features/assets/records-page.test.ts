import { describe, expect, it } from "vitest";
import { currencyFilter, RECORDS_PAGE_SIZE } from "./constants";
import { recordsPage } from "./records-page";

describe("recordsPage", () => {
  it("maps each record of a page to a row and keeps the page's figures", () => {
    const r = { ok: true as const, data: { total: 12, current_page: 2, per_page: 10, data: [{ id: 1 }, { id: 2 }] } };
    expect(recordsPage(r, (x) => ({ id: x.id, twice: x.id * 2 }))).toEqual({
      total: 12,
      page: 2,
      perPage: 10,
      rows: [
        { id: 1, twice: 2 },
        { id: 2, twice: 4 },
      ],
    });
  });

  it("is an empty first page when the call failed", () => {
    const r = { ok: false as const, msg: "down", status: 502 };
    expect(recordsPage(r as never, (x: { id: number }) => x)).toEqual({ total: 0, page: 1, perPage: RECORDS_PAGE_SIZE, rows: [] });
  });
});

describe("currencyFilter", () => {
  it("takes a currency's id, else every currency", () => {
    expect(currencyFilter(new URLSearchParams("currency_id=7"))).toBe(7);
    for (const q of ["", "currency_id=", "currency_id=0", "currency_id=-1", "currency_id=1e3", "currency_id=1234567890"]) {
      expect(currencyFilter(new URLSearchParams(q))).toBeUndefined();
    }
  });
});
