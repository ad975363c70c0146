import { pagerOf, parsePage, RECORDS_PAGE_SIZE } from "./pager";
import { RECORDS_PAGE_SIZE as CONTRACT_PAGE_SIZE } from "~/contract/money";

describe("pager", () => {
  it("shows only when the total exceeds a page (15 by default, as the contract pages)", () => {
    expect(RECORDS_PAGE_SIZE).toBe(CONTRACT_PAGE_SIZE);
    expect(pagerOf(0, 1).show).toBe(false);
    expect(pagerOf(15, 1).show).toBe(false);
    expect(pagerOf(16, 1)).toEqual({ show: true, page: 1, pages: 2, prev: null, next: 2 });
    expect(pagerOf(30, 2)).toEqual({ show: true, page: 2, pages: 2, prev: 1, next: null });
    expect(pagerOf(31, 3)).toEqual({ show: true, page: 3, pages: 3, prev: 2, next: null });
    expect(pagerOf(31, 9).page).toBe(3);
    expect(pagerOf(11, 1, 10)).toMatchObject({ show: true, pages: 2 });
    expect(pagerOf(40, 2, 0)).toMatchObject({ pages: 3 }); // a bad page size from the exchange falls back to 15
  });

  it("reads a page number safely", () => {
    for (const [raw, page] of [
      [null, 1],
      ["3", 3],
      ["0", 1],
      ["-2", 1],
      ["2.5", 1],
      ["abc", 1],
      [" 4 ", 4],
      ["99999999", 1],
    ] as const) {
      expect(parsePage(raw)).toBe(page);
    }
    expect(parsePage("500", 100)).toBe(100);
  });
});
