import type { ApiResult, DataOf } from "~/lib/api.server";
// Types only (erased from the browser build): the screens link with moneyPageUrl on both sides.
import { formatTime, RECORDS_PAGE_SIZE } from "./constants";

type Currency = DataOf<"currencyProtocols">[number];
type Chain = Currency["currency_protocols"][number];

/**
 * The deposit and withdraw screens pick a currency (`?currency_id=`, else the first offered) and one of its chains
 * (`?chain=`, else the first): the same rule on both, so a link carries over from one to the other.
 */
export function pickCurrencyAndChain(currencies: Currency[], url: URL): { currency: Currency | undefined; chain: Chain | undefined } {
  const wanted = Number.parseInt(url.searchParams.get("currency_id") ?? "", 10);
  const currency = currencies.find((c) => c.id === wanted) ?? currencies[0];
  const wantedChain = Number.parseInt(url.searchParams.get("chain") ?? "", 10);
  const chain = currency ? (currency.currency_protocols.find((p) => p.id === wantedChain) ?? currency.currency_protocols[0]) : undefined;
  return { currency, chain };
}

/** The address of a money screen for a currency and chain. */
export function moneyPageUrl(path: "/assets/deposit" | "/assets/withdraw", currencyId: number, chainId?: number): string {
  return `${path}?currency_id=${currencyId}${chainId ? `&chain=${chainId}` : ""}`;
}

type Paged<T> = { total: number; current_page: number; per_page: number; data: T[] };

/** A page of deposit or withdrawal records as the records table takes it (an empty page when the call failed). */
export function recordsPage<T extends { created_at: number }>(r: ApiResult<Paged<T>>) {
  return r.ok
    ? {
        total: r.data.total,
        page: r.data.current_page,
        perPage: r.data.per_page,
        rows: r.data.data.map((x) => ({ ...x, time: formatTime(x.created_at) })),
      }
    : { total: 0, page: 1, perPage: RECORDS_PAGE_SIZE, rows: [] as Array<T & { time: string }> };
}
