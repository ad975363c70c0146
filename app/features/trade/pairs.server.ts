import type { Pair, QuoteGroup } from "~/contract/entities";
import { api, type ApiArgs } from "~/lib/api.server";

/**
 * One pair by id, for actions that need its decimals. The market list is public data the API client keeps
 * briefly and hands out frozen (the same object to every request meanwhile); its id index is built once per
 * such answer, so an order costs a map lookup, not a walk over every group and pair.
 */
const indexes = new WeakMap<readonly QuoteGroup[], Map<number, Pair>>();

export async function pairById(args: ApiArgs, id: number): Promise<Pair | undefined> {
  const markets = await api(args, "currencyMatches", {});
  if (!markets.ok) return undefined;
  let index = indexes.get(markets.data);
  if (!index) {
    index = new Map(markets.data.flatMap((group) => group.matches.map((pair) => [pair.id, pair] as const)));
    indexes.set(markets.data, index);
  }
  return index.get(id);
}
