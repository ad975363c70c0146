import type { ApiResult } from "~/lib/api.server";
// Types only (erased from the browser build).
import { RECORDS_PAGE_SIZE } from "./constants";

type Paged<T> = { total: number; current_page: number; per_page: number; data: T[] };

/**
 * A page of the exchange's records as the records table takes it (`<RecordsTable {...page} />`), each record made a
 * row by `row`; an empty first page when the call failed (the screen says why from the call's message).
 */
export function recordsPage<T, R>(r: ApiResult<Paged<T>>, row: (record: T) => R) {
  return r.ok
    ? { total: r.data.total, page: r.data.current_page, perPage: r.data.per_page, rows: r.data.data.map(row) }
    : { total: 0, page: 1, perPage: RECORDS_PAGE_SIZE, rows: [] as R[] };
}
