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
