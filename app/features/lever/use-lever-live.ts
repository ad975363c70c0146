import { useNavigation } from "@remix-run/react";
import { useRevalidator } from "~/lib/use-revalidator";
import { useCallback, useRef, useState } from "react";
import type { LeverPage } from "~/contract/lever";
import type { LeverTab } from "~/contract/core/lever";
import { useLiveChannel } from "~/lib/use-live";
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
 * (balances, the closed tab) once.
 */
export function useLeverLive(input: { pairId: number; risk: LeverRisk; list: LeverList | null }) {
  const [risk, setRisk] = useSynced(input.risk);
  const [list, setList] = useSynced(input.list);
  const revalidator = useRevalidator();
  // A navigation loading (a confirmation step taken off the address, say) brings fresh data itself: a revalidation
  // then would only interrupt it.
  const navigation = useNavigation();
  const navigating = useRef(false);
  navigating.current = navigation.state === "loading";
  const reloading = useRef(false);
  const reload = useCallback(() => {
    if (reloading.current) return;
    reloading.current = true;
    const later = () => {
      // Once the navigation has landed (its own data may predate the push).
      if (navigating.current) return void setTimeout(later, 300);
      reloading.current = false;
      try {
        revalidator.revalidate();
      } catch {
        // A load in flight was interrupted (a navigation, a fetcher's own revalidation): the newer load brings the data.
      }
    };
    setTimeout(later, 300);
  }, [revalidator]);
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
    reload,
  );
  useLiveChannel<LeverClosedPush>(
    "LEVER_CLOSED",
    closedSchema,
    (msg) => {
      setList((l) => (l ? applyLeverClosed(l, msg) : l));
      reload();
    },
    reload,
  );
  return { risk, list };
}
