import { NOTIFY_KINDS, isNotifyKind, type NotifyKind } from "../../app/contract/index";
import type { DB } from "./db/index";
import { DEFAULT_LANG, isLang, localTime, Messenger, type Lang, type Translate } from "./lib/i18n";
import { maskAddress } from "./models/codes";
import { emailChoices, insertNotification, unreadCount } from "./models/notifications";
import { queueUserPush } from "./pushes";

/**
 * The notification centre's one way in (decision 024): `notify` stores what happened to one account (its kind and the
 * values to say it with), queues a NOTIFY push to that account's open pages (relayed by the running exchange, even
 * when another process decided it), and, for an important kind whose category the owner gets by email, writes the
 * email to the outbox in the owner's language (an SMTP relay sends it when the operator configured one). Call it
 * inside the transaction of the event it tells of, so the notice exists exactly when the event does.
 */

export interface NotifyDeps {
  db: DB;
  now: number;
  /** Where the outbox line goes (the operator's log); none in the CLI's decisions. */
  log?: (line: string) => void;
}

/** What the emails link to: the site's address, when the operator set one (SITE_URL). */
let siteUrl = "";
export function setSiteUrl(url: string | undefined): void {
  siteUrl = (url ?? "").replace(/\/+$/, "");
}

let shared: Messenger | null = null;
export function messenger(): Messenger {
  shared ??= new Messenger();
  return shared;
}

/** Outbox types of notices (codes use their code types, 1–6); a notice carries no code. */
export const NOTICE_TYPE = { CHECK_LOCKED: 101, P2P_PAID: 102, P2P_CONFIRM_SOON: 103, NOTIFICATION: 110 } as const;

/** The push a new notification (or a change of the unread count) sends to the owner's open pages. */
export type NotifyPush = { type: "NOTIFY"; id?: number; kind?: string };

/** The values of a notification as its message needs them in `lang`: a time `x_at` (unix ms) as `x`, a local time. */
export function messageVars(kind: string, params: Record<string, string>, lang: Lang): Record<string, string | number> {
  const vars: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(params)) {
    if (k.endsWith("_at") && /^\d+$/.test(v)) vars[k] = vars[k.slice(0, -3)] = localTime(Number(v), lang);
    else if (k === "side") vars[k] = messenger().translator(lang)(`notify_side_${v === "sell" ? "sell" : "buy"}`);
    else vars[k] = v;
  }
  if (kind === "check_locked") vars.count = Number(params.tries ?? 0);
  return vars;
}

/** The message key of a kind (a locked check says which check it was). */
export function messageKey(kind: string, params: Record<string, string>): string {
  if (kind === "check_locked") return `notice_check_locked_${params.check ?? "code"}`;
  return `notify_${kind}`;
}

/** A notification said in `lang`. */
export function renderNotification(t: Translate, lang: Lang, kind: string, params: Record<string, string>): string {
  return t(messageKey(kind, params), messageVars(kind, params, lang));
}

export function parseParams(json: string): Record<string, string> {
  try {
    const v = JSON.parse(json) as unknown;
    if (!v || typeof v !== "object" || Array.isArray(v)) return {};
    const out: Record<string, string> = {};
    for (const [k, val] of Object.entries(v as Record<string, unknown>)) out[k] = String(val);
    return out;
  } catch {
    return {};
  }
}

type Recipient = { email: string | null; mobile: string | null; lang: string | null };

function recipient(db: DB, userId: number): Recipient | undefined {
  return db.prepare("SELECT email, mobile, lang FROM users WHERE id = ?").get(userId) as Recipient | undefined;
}

/**
 * Writes one message to the user's outbox in their language: to their email when bound, else (`smsToo`) their phone.
 * Answers whether something was written.
 */
export function sendToUser(
  deps: NotifyDeps,
  userId: number,
  type: number,
  key: string,
  vars: (lang: Lang) => Record<string, string | number>,
  opts: { smsToo?: boolean; footer?: boolean; extra?: { key: string; vars: Record<string, string> } } = {},
): boolean {
  const u = recipient(deps.db, userId);
  const address = u?.email ?? (opts.smsToo ? u?.mobile : null);
  if (!u || !address) return false;
  const lang: Lang = isLang(u.lang) ? u.lang : DEFAULT_LANG;
  const t = messenger().translator(lang);
  const said = t(key, vars(lang));
  const text = opts.extra ? `${said}\n${t(opts.extra.key, opts.extra.vars)}` : said;
  const channel = u.email ? "email" : "sms";
  const body =
    channel === "email" && opts.footer !== false
      ? `${text}\n\n${t("notify_email_footer", { url: siteUrl ? `${siteUrl}/notifications` : "/notifications", settings: siteUrl ? `${siteUrl}/personal/notifications` : "/personal/notifications" })}`
      : text;
  deps.db
    .prepare("INSERT INTO outbox (address, channel, type, code, body, subject, created_at) VALUES (?, ?, ?, '', ?, ?, ?)")
    .run(address, channel, type, body, channel === "email" ? said.slice(0, 160) : "", deps.now);
  deps.log?.(`[outbox] notice ${type} for ${maskAddress(address)}`);
  return true;
}

/** Whether this kind is emailed to this user now: an important kind whose category they left on. */
export function emailsKind(db: DB, userId: number, kind: NotifyKind): boolean {
  const k = NOTIFY_KINDS[kind];
  if (!k.email) return false; // price alerts are never emailed by category (their own choice decides)
  return emailChoices(db, userId)[k.category];
}

/**
 * Tells `userId` that `kind` happened. `email`: undefined follows the kind and the owner's choices; true or false
 * decides (a price alert asks on the alert; a notice with an email of its own passes false). Answers the
 * notification's id.
 */
export function notify(
  deps: NotifyDeps,
  userId: number,
  kind: NotifyKind,
  params: Record<string, string | number>,
  email?: boolean,
): number {
  if (!isNotifyKind(kind)) throw new Error(`unknown notification kind ${kind}`);
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) values[k] = String(v);
  const id = insertNotification(deps.db, userId, kind, values, deps.now);
  queueUserPush(deps.db, userId, { type: "NOTIFY", id, kind }, { key: messageKey(kind, values), vars: values }, deps.now);
  if (email ?? emailsKind(deps.db, userId, kind)) {
    sendToUser(deps, userId, NOTICE_TYPE.NOTIFICATION, messageKey(kind, values), (lang) => messageVars(kind, values, lang), {
      // A new device's email links to the sessions, where it is ended.
      extra: kind === "new_device" ? { key: "notify_new_device_email", vars: { url: `${siteUrl}/personal/sessions` } } : undefined,
    });
  }
  return id;
}

/** Tells the user's other open pages that the unread count changed (they read something). */
export function pushUnreadChanged(db: DB, userId: number, now: number): void {
  queueUserPush(db, userId, { type: "NOTIFY" }, { key: "" }, now);
}

export { unreadCount };
