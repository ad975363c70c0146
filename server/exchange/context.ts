import type { CallData, CallName, CallParsedPayload, Reason } from "../../app/contract/index";
import type { DB } from "./db/index";
import type { Lang, Translate } from "./lib/i18n";
import type { Market } from "./market";
import type { Hub } from "./hub";
import type { SpotEngine } from "./engine/engine";
import type { LeverEngine } from "./lever/engine";
import type { MicroEngine } from "./micro/engine";
import type { P2PEngine } from "./p2p/engine";
import type { MoneySystem } from "./money/system";
import type { Client } from "./models/personal";
import type { TradeWatch } from "./trade-watch";

/** What a handler can use. One per request. */
export interface Ctx {
  db: DB;
  market: Market;
  hub: Hub;
  /** The spot matching engine (null only in tools that open the database without it). */
  engine: SpotEngine | null;
  /** The lever engine (null only in tools that open the database without it). */
  lever?: LeverEngine | null;
  /** The second contract's settlement engine (null only in tools that open the database without it). */
  micro?: MicroEngine | null;
  /** Fiat P2P's escrow and timers (null only in tools that open the database without it). */
  p2p?: P2PEngine | null;
  /** Price alerts watched against the engine's trades (null only in tools that open the database without it). */
  alerts?: TradeWatch | null;
  lang: Lang;
  t: Translate;
  /** Set for calls with `auth: true`. */
  userId: number | null;
  /** The raw token of an authenticated call. */
  token: string | null;
  now: number;
  log: (line: string) => void;
  /** System users: market maker, fee collector, treasury. */
  system: MoneySystem;
  /** Where the request came from (the session list and the security log show it); absent in tools and tests. */
  client?: Client;
  /** Where uploaded images are kept (`<DATA_DIR>/uploads`); absent in tools that open the database alone. */
  uploadsDir?: string;
}

export interface Answer<D = unknown> {
  code: number;
  msg: string;
  data?: D;
  /** On a refusal: the message key and, where it concerns one, the payload field (docs/api.md, "Refusals"). */
  reason?: Reason;
}

export type Handler<N extends CallName> = (payload: CallParsedPayload<N>, ctx: Ctx) => Answer<CallData<N>> | Promise<Answer<CallData<N>>>;
export type Handlers = { [N in CallName]: Handler<N> };

export function ok<D>(ctx: Ctx, data: D, msgKey = "ok", vars?: Record<string, string | number>): Answer<D> {
  return { code: 1, msg: ctx.t(msgKey, vars), data };
}

/** 'Please wait N seconds before requesting another code', with N as the reason's `wait` (the code buttons count it down). */
export function codeWait(ctx: Ctx, seconds: number): Answer<never> {
  return { code: 0, msg: ctx.t("code_wait", { seconds, count: seconds }), reason: { key: "code_wait", wait: seconds } };
}

/** A refusal: `msgKey` localized, and the key (with the payload field it concerns, if any) as its reason. */
export function fail(ctx: Ctx, msgKey: string, vars?: Record<string, string | number>, field?: string): Answer<never> {
  return { code: 0, msg: ctx.t(msgKey, vars), reason: field ? { key: msgKey, field } : { key: msgKey } };
}
