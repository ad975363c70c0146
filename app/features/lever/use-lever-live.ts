import { useFetcher, useFetchers, useNavigation } from "@remix-run/react";
import { useRevalidator } from "~/lib/use-revalidator";
import { useCallback, useRef, useState } from "react";
import type { LeverPage } from "~/contract/lever";
import type { LeverTab } from "~/contract/core/lever";
import { useLiveChannel } from "~/lib/use-live";
import { ROW_FETCHER, type LeverActionData } from "./action-data";
import { applyLeverClosed, applyLeverTrade, type LeverClosedPush, type LeverTradePush } from "./live-state";

// The schemas load after hydration, so zod's contract module does not weigh on the first load.
const tradeSchema = () => import("~/contract/lever").then((m) => m.LeverTradePushSchema);
const closedSchema = () => import("~/contract/lever").then((m) => m.LeverClosedPushSchema);

export type LeverList = LeverPage & { tab: LeverTab; page: number };
export type LeverRisk = {
  hazard: string | null;
  profit: string;
  margin: string;
};

/** Loader state that live messages then move; a fresher loader value (after a revalidation) replaces it. */
function useSynced<T>(source: T): [T, (f: (prev: T) => T) => void] {
  const [state, setState] = useState({ source, value: source });
  let value = state.value;
  if (state.source !== source) {
    value = source;
    setState({ source, value: source });
  }
  const set = useCallback((f: (prev: T) => T) => setState((s) => ({ source: s.source, value: f(s.value) })), []);
  return [value, set];
}

/**
 * My positions and the account's risk, live (docs/product.md, "/lever"): LEVER_TRADE replaces rows by id and updates the risk
 * rate and total profit for the current pair; LEVER_CLOSED removes rows by id, then the page reloads its data
 * (balances, the closed tab) once, unless a load since has brought it (below).
 */
export function useLeverLive(input: { pairId: number; risk: LeverRisk; list: LeverList | null }) {
  const [risk, setRisk] = useSynced(input.risk);
  const [list, setList] = useSynced(input.list);
  const revalidator = useRevalidator();
  // A load in flight (a navigation taking a confirmation step off the address, a fetcher's revalidation after its
  // action, another revalidation) brings fresh data itself: a revalidation then would only interrupt it. Nor is one
  // needed when a load started after the push, or when this page's own close or cancel answered for every id the
  // push names (that fetcher's revalidation starts after the answer, so after the change): after a close from the
  // dialog, the fetcher's answer and the navigation that takes the step off the address load the page twice, and a
  // third load of the same data was only work for the server.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const loading = navigation.state === "loading" || revalidator.state === "loading" || fetchers.some((f) => f.state === "loading");
  const inFlight = useRef(false);
  const lastStart = useRef(-Infinity);
  if (loading && !inFlight.current) lastStart.current = performance.now();
  inFlight.current = loading;
  const own = useFetcher<LeverActionData>({ key: ROW_FETCHER }).data;
  const ownGone = useRef(new Set<number>());
  if (own && own.ok && (own.intent === "close" || own.intent === "cancel")) ownGone.current.add(own.id);
  const pending = useRef<{ asked: number; ids: Set<number> | null } | null>(null);
  /** `ids`: what a push says left; none for a gap in the feed (then only a load started since makes it needless). */
  const reload = useCallback(
    (ids?: number[]) => {
      const p = pending.current;
      if (p) {
        if (!ids) p.ids = null;
        else ids.forEach((id) => p.ids?.add(id));
        return;
      }
      const asked = { asked: performance.now(), ids: ids ? new Set(ids) : null };
      pending.current = asked;
      const later = () => {
        if (inFlight.current) return void setTimeout(later, 300);
        pending.current = null;
        if (lastStart.current > asked.asked) return;
        if (asked.ids && asked.ids.size > 0 && [...asked.ids].every((id) => ownGone.current.has(id))) return;
        try {
          revalidator.revalidate();
        } catch {
          // A load in flight was interrupted (a navigation, a fetcher's own revalidation): the newer load brings the data.
        }
      };
      setTimeout(later, 300);
    },
    [revalidator],
  );
  const onGap = useCallback(() => reload(), [reload]);
  useLiveChannel<LeverTradePush>(
    "LEVER_TRADE",
    tradeSchema,
    (msg) => {
      if (msg.currency_match_id !== input.pairId) return;
      setRisk((r) => ({
        ...r,
        hazard: msg.hazard_rate,
        profit: msg.profits_all,
      }));
      setList((l) => (l ? applyLeverTrade(l, msg) : l));
    },
    onGap,
  );
  useLiveChannel<LeverClosedPush>(
    "LEVER_CLOSED",
    closedSchema,
    (msg) => {
      setList((l) => (l ? applyLeverClosed(l, msg) : l));
      reload(msg.ids);
    },
    onGap,
  );
  return { risk, list };
}
