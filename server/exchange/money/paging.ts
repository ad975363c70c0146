import { ok, type Answer, type Ctx } from "../context";

export interface PageArgs {
  page?: number;
  limit?: number;
}

export function pageWindow(args: PageArgs, defaultLimit: number, maxLimit = 100): { page: number; limit: number; offset: number } {
  const limit = Math.min(args.limit ?? defaultLimit, maxLimit);
  const page = args.page ?? 1;
  return { page, limit, offset: (page - 1) * limit };
}

export function pageOf<T>(total: number, page: number, limit: number, data: T[]) {
  return { total, per_page: limit, last_page: Math.max(1, Math.ceil(total / limit)), current_page: page, data };
}

/**
 * The answer to a list call: `list` finds the rows in the window the call asked for (its page and size), and each row
 * is shown as `show` turns it into what the call answers.
 */
export function pageAnswer<R, T>(
  ctx: Ctx,
  window: { page: number; limit: number; offset: number },
  list: (limit: number, offset: number) => { total: number; rows: R[] },
  show: (row: R) => T,
): Answer<ReturnType<typeof pageOf<T>>> {
  const { total, rows } = list(window.limit, window.offset);
  return ok(ctx, pageOf(total, window.page, window.limit, rows.map(show)));
}
