import type { CheckName } from "../../app/contract/index";
import type { DB } from "./db/index";
import { DEFAULT_LANG, isLang, localTime, Messenger, type Lang } from "./lib/i18n";
import { maskAddress } from "./models/codes";
import { p2pOrderNo, type OrderRow } from "./models/p2p";

/**
 * Notices to a user outside the page they are on: one small function per event, each writing one message to the
 * outbox (the embedded exchange has no mail or SMS gateway; `npm run exchange -- outbox` reads it), to the user's
 * email when bound, else their phone, in the language they last signed in with. A notification centre can route
 * these functions elsewhere without touching their callers.
 */

/** Outbox types of notices (codes use their code types, 1–6); a notice carries no code. */
export const NOTICE_TYPE = { CHECK_LOCKED: 101, P2P_PAID: 102, P2P_CONFIRM_SOON: 103 } as const;

export interface NoticeDeps {
  db: DB;
  now: number;
  log: (line: string) => void;
}

let shared: Messenger | null = null;
function messenger(): Messenger {
  shared ??= new Messenger();
  return shared;
}

function send(deps: NoticeDeps, userId: number, type: number, key: string, vars: (lang: Lang) => Record<string, string | number>): void {
  const u = deps.db.prepare("SELECT email, mobile, lang FROM users WHERE id = ?").get(userId) as
    { email: string | null; mobile: string | null; lang: string | null } | undefined;
  const address = u?.email ?? u?.mobile;
  if (!u || !address) return;
  const lang: Lang = isLang(u.lang) ? u.lang : DEFAULT_LANG;
  const body = messenger().translator(lang)(key, vars(lang));
  deps.db
    .prepare("INSERT INTO outbox (address, channel, type, code, body, created_at) VALUES (?, ?, ?, '', ?, ?)")
    .run(address, u.email ? "email" : "sms", type, body, deps.now);
  deps.log(`[outbox] notice ${type} for ${maskAddress(address)}`);
}

/** A check of the account's (authenticator, codes, trade password) was locked after too many wrong tries. */
export function noticeCheckLocked(deps: NoticeDeps, userId: number, check: CheckName, until: number, tries: number): void {
  send(deps, userId, NOTICE_TYPE.CHECK_LOCKED, `notice_check_locked_${check}`, (lang) => ({ count: tries, time: localTime(until, lang) }));
}

function orderVars(o: OrderRow, lang: Lang) {
  return {
    order_no: p2pOrderNo(o),
    amount: o.amount,
    fiat: o.fiat,
    quantity: o.quantity,
    time: o.confirm_due_at ? localTime(o.confirm_due_at, lang) : "",
  };
}

/** Fiat P2P: the buyer marked the order paid; the seller has until the confirmation deadline to answer. */
export function noticeP2PPaid(deps: NoticeDeps, order: OrderRow, code: string): void {
  send(deps, order.seller_id, NOTICE_TYPE.P2P_PAID, "notice_p2p_paid", (lang) => ({ ...orderVars(order, lang), code }));
}

/** Fiat P2P: the confirmation deadline is near and the seller has not answered. */
export function noticeP2PConfirmSoon(deps: NoticeDeps, order: OrderRow, code: string): void {
  send(deps, order.seller_id, NOTICE_TYPE.P2P_CONFIRM_SOON, "notice_p2p_confirm_soon", (lang) => ({ ...orderVars(order, lang), code }));
}
