import { data, redirect } from "@remix-run/node";
import type { QuoteGroup } from "~/contract/entities";
import { api, loaded, type ApiArgs } from "./api.server";
import { getLang, getT } from "./i18next.server";
import { canonicalAddress, pageParam, type PairKind } from "./pair-links";
import { getToken } from "./session.server";

/**
 * How a screen finds its pair: the markets it offers (`offered`, from all the exchange's quote groups) and the pair
 * the address asks for among them (`pick`).
 */
export type PairChoice<G, P> = { offered: (markets: QuoteGroup[]) => G; pick: (offered: G, q: URLSearchParams) => P | null };

/**
 * The first step of every pair screen's page data (/trade, /lever, /second): the markets, the screen's texts and
 * language, the signed-in user's token, the pair the address names among those the screen offers, the history page
 * asked for and the page's title and description. A pair named in another spelling, or an unknown one, redirects
 * to the screen's canonical address. `also` is a screen's own call made at the same time (its answer is `also`).
 * `common` is what every screen's page data carries as it is.
 */
export async function pairPage<G, P extends { symbol: string }, A = undefined>(
  args: ApiArgs,
  kind: PairKind,
  choice: PairChoice<G, P>,
  also?: Promise<A>,
) {
  const { request } = args;
  const url = new URL(request.url);
  const q = url.searchParams;
  // One Promise.all, so a failure of any call (a 503 thrown by `loaded`) is the page's answer and none goes unheard.
  const [markets, t, lang, token, more] = await Promise.all([
    api(args, "currencyMatches", {}).then(loaded),
    getT(request, kind),
    getLang(request),
    getToken(request),
    also,
  ]);
  const offered = choice.offered(markets.ok ? markets.data : []);
  const pair = choice.pick(offered, q);
  const canonical = markets.ok ? canonicalAddress(url, pair?.symbol ?? null, `/${kind}`) : null;
  if (canonical) throw redirect(canonical);
  const common = {
    title: pair ? t("meta.titlePair", { symbol: pair.symbol }) : t("meta.title"),
    description: t("meta.description"),
    lang,
    error: markets.ok ? null : markets.msg || null,
  };
  return { q, token, offered, pair, page: pageParam(q), common, also: more as A };
}

/** The quote tab of the pair list: the one asked for if the screen has it, else the pair's quote, else the first. */
export function quoteTabOf(quotes: string[], asked: string | null, pair: { quote_currency_code: string } | null): string {
  const want = (asked ?? "").toUpperCase();
  return quotes.includes(want) ? want : (pair?.quote_currency_code.toUpperCase() ?? quotes[0] ?? "");
}

/** A pair screen's page data: never cached (it is the user's), with the cookie the screen saves, if any. */
export function pairData<T>(view: T, setCookie?: string | null) {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return data(view, { headers });
}
