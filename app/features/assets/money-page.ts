import type { ApiResult, DataOf } from "~/lib/api.server";
// Types only (erased from the browser build): the screens link with moneyPageUrl on both sides.
import { formatTime } from "./constants";
import { recordsPage } from "./records-page";

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

/**
 * A page of deposit or withdrawal records, each with its time and its coin's decimals (amounts are shown in them;
 * `currencies` are the coins the screen offers, a record of another coin gets 8).
 */
export function moneyRecords<T extends { created_at: number; currency: { code: string } }>(
  r: ApiResult<{ total: number; current_page: number; per_page: number; data: T[] }>,
  currencies: Array<{ code: string; decimals: number }>,
) {
  const decimals = new Map(currencies.map((c) => [c.code, c.decimals]));
  return recordsPage(r, (x) => ({ ...x, time: formatTime(x.created_at), decimals: decimals.get(x.currency.code) ?? 8 }));
}
