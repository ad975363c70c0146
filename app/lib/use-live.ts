import { useEffect, useRef, useState } from "react";
import type { WsDayMarket } from "~/contract/entities";
import type { LiveMeta, Schema, SchemaSource } from "./live/connection";

/**
 * The hooks of the live relay's client (/events, app/routes/events.tsx). The connection itself (one EventSource per
 * page for every channel its components listen to, reopened with backoff, resumed after the last event seen) is
 * ./live/connection.ts: a hook loads it in its effect, with the channel's schema, so neither is in a screen's
 * first-load JavaScript (live updates start after hydration anyway). Messages that arrive before the schema are
 * kept and delivered once it is there.
 */

export type { LiveMeta, SchemaSource } from "./live/connection";

type Connection = typeof import("./live/connection");
let connection: Connection | null = null;

/**
 * Runs `run` with the connection module: at once once it has loaded (so a client navigation between two screens
 * that listen to the same channel removes and adds its listener in one tick and keeps the connection open), else
 * when it arrives. The answer cancels a call still waiting.
 */
function withConnection(run: (c: Connection) => void): () => void {
  if (connection) {
    run(connection);
    return () => {};
  }
  let cancelled = false;
  import("./live/connection").then(
    (c) => {
      connection = c;
      if (!cancelled) run(c);
    },
    () => {},
  );
  return () => {
    cancelled = true;
  };
}

/**
 * Calls `onMessage` with every valid message of `channel` while the component is mounted.
 * `meta.snapshot` is true for messages that replace the channel's state (after a (re)connect).
 * `onGap` is called when events of the channel may have been missed (every snapshot; private channels
 * get one only after a gap).
 */
export function useLiveChannel<T>(
  channel: string | null,
  schema: SchemaSource<T>,
  onMessage: (msg: T, meta: LiveMeta) => void,
  onGap?: () => void,
): void {
  const handler = useRef(onMessage);
  handler.current = onMessage;
  const gapHandler = useRef(onGap);
  gapHandler.current = onGap;
  const schemaRef = useRef(schema);
  useEffect(() => {
    if (!channel) return undefined;
    let parser: Schema<T> | null = null;
    let pending: Array<[unknown, LiveMeta]> | null = [];
    const deliver = (data: unknown, meta: LiveMeta) => {
      const r = parser!.safeParse(data);
      if (r.success) handler.current(r.data as T, meta);
    };
    let remove: (() => void) | null = null;
    const cancel = withConnection((c) => {
      remove = c.addListener(channel, (data, meta) => {
        if (meta.gap) gapHandler.current?.();
        else if (parser) deliver(data, meta);
        else if (pending && pending.length < 2000) pending.push([data, meta]);
      });
    });
    const stop = () => {
      cancel();
      remove?.();
      remove = null;
    };
    const s = schemaRef.current;
    if (typeof s === "function") {
      s().then((loaded) => {
        parser = loaded;
        for (const [d, m] of pending ?? []) deliver(d, m);
        pending = null;
      }, stop);
    } else {
      parser = s;
      pending = null;
    }
    return stop;
  }, [channel]);
}

const loadDayMarket = () => import("~/contract/entities").then((m) => m.WsDayMarketSchema);

export type LiveQuotation = WsDayMarket["quotation"];

/**
 * The latest DAY_MARKET quotation per pair id, for tiles and rows that start from the loader's data.
 * Updates are coalesced to one render per animation frame.
 */
export function useLiveQuotations(): Record<number, LiveQuotation> {
  const [quotes, setQuotes] = useState<Record<number, LiveQuotation>>({});
  const pending = useRef<Record<number, LiveQuotation> | null>(null);
  const frame = useRef(0);
  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    },
    [],
  );
  useLiveChannel<WsDayMarket>("DAY_MARKET", loadDayMarket, (msg) => {
    pending.current = { ...pending.current, [msg.currency_match_id]: msg.quotation };
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const batch = pending.current;
      pending.current = null;
      if (batch) setQuotes((q) => ({ ...q, ...batch }));
    });
  });
  return quotes;
}
