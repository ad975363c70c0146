import type { Pair } from "~/contract/entities";
import { MICRO_OPTIONS, MICRO_PAGE_SIZE } from "~/contract/core/micro";
import type { MicroOrder, MicroSeconds, MicroWallet } from "~/contract/micro";
import { api, loaded, type ApiArgs } from "~/lib/api.server";
import { pairPage } from "~/lib/pair-page.server";
import { pairView } from "~/lib/pair-view";
import { recentResult } from "./live-state";
import { microPairs, pickMicroPair } from "./second.server";

/**
 * What the /second screen shows (docs/product.md, "/second"): the pairs open for second contracts, the chosen pair's
 * quotation, the wallets a stake can come from, the times offered, one tab of the user's contracts and the last one
 * that closed. The chart is the caller's (`chart`, started with the other calls); a pair named in another spelling
 * redirects to its canonical address.
 */
export async function secondPage<P extends string>(args: ApiArgs, opts: { period: P; chart: (pairId: number) => Promise<unknown> }) {
  const choice = { offered: microPairs, pick: (pairs: Pair[], q: URLSearchParams) => pickMicroPair(pairs, q.get("symbol")) };
  // Asked with the markets: the wallets a stake can come from and the times offered.
  const offer = Promise.all([api(args, "microPayableCurrencies", {}).then(loaded), api(args, "microSeconds", {}).then(loaded)]);
  const { q, offered: all, pair, page, common, also } = await pairPage(args, "second", choice, offer);
  const [walletsR, secondsR] = also;
  const options: MicroSeconds[] = secondsR.ok ? secondsR.data : [];
  const wallets: MicroWallet[] = walletsR.ok ? walletsR.data : [];
  const tab: "progress" | "closed" = q.get("orders") === "closed" ? "closed" : "progress";
  const seconds = options.some((o) => String(o.seconds) === q.get("seconds"))
    ? Number(q.get("seconds"))
    : (options[0]?.seconds ?? MICRO_OPTIONS[0].seconds);
  const number = /^\d{1,9}(\.\d{1,8})?$/.test(q.get("number") ?? "") ? (q.get("number") as string) : "";
  let quotation = pair?.currency_quotation ?? null;
  let list = null;
  let lastClosed: MicroOrder | null = null;
  if (pair) {
    const [, dealR, listR, lastR] = await Promise.all([
      opts.chart(pair.id),
      api(args, "deal", { currency_match_id: pair.id }).then(loaded),
      api(args, "microLists", { match_id: pair.id, status: tab === "progress" ? 1 : 3, page, limit: MICRO_PAGE_SIZE }).then(loaded),
      // The last closed order (its result beside the form): a reload after the countdown shows how it ended.
      api(args, "microLists", { match_id: pair.id, status: 3, page: 1, limit: 1 }),
    ]);
    if (dealR.ok) quotation = dealR.data.quotation;
    list = { tab, page, at: Date.now(), ...(listR.ok ? listR.data : { data: [], total: 0, per_page: MICRO_PAGE_SIZE }) };
    lastClosed = recentResult(lastR.ok ? lastR.data.data[0] : null, Date.now());
  }
  return {
    ...common,
    pairs: all.map(pairView),
    pair: pair ? pairView(pair) : null,
    period: opts.period,
    quotation,
    wallets,
    options,
    initial: { number, seconds },
    list,
    lastClosed,
    key: crypto.randomUUID(),
  };
}
