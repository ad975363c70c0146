import {
  P2P_AD_STATUS,
  P2P_OPEN_STATUSES,
  P2P_STATUS,
  type P2PAdStatus,
  type P2PFiat,
  type P2PSide,
  type P2PStatus,
} from "../../../app/contract/index";
import type { DB } from "../db/index";

/** The states of an order in progress, for SQL (`status IN (${OPEN_SQL})`). */
export const OPEN_SQL = P2P_OPEN_STATUSES.join(", ");

// The SQL of fiat P2P (migration 009). The rules and the money are in server/exchange/p2p/engine.ts.

export interface AdRow {
  id: number;
  user_id: number;
  side: P2PSide;
  currency_id: number;
  fiat: P2PFiat;
  price: string;
  total: string;
  remaining: string;
  min_quantity: string;
  max_quantity: string;
  pay_types: string;
  status: P2PAdStatus;
  created_at: number;
  updated_at: number;
}

export interface OrderRow {
  id: number;
  ad_id: number;
  merchant_id: number;
  buyer_id: number;
  seller_id: number;
  currency_id: number;
  fiat: P2PFiat;
  price: string;
  quantity: string;
  amount: string;
  status: P2PStatus;
  pay_type: string | null;
  voucher: string | null;
  created_at: number;
  pay_due_at: number | null;
  paid_at: number | null;
  confirm_due_at: number | null;
  delayed: number;
  finished_at: number | null;
  cancel_by: "buyer" | "timeout" | "operator" | null;
  complete_by: "seller" | "timeout" | "operator" | null;
  abnormal_by: number | null;
  abnormal_reason: string | null;
  appeal_by: number | null;
  appeal_reason: string | null;
  appeal_from: number | null;
  appeal_at: number | null;
  resolution: "buyer" | "seller" | null;
  resolution_note: string | null;
  confirm_reminded_at: number | null;
}

export interface MessageRow {
  id: number;
  order_id: number;
  user_id: number | null;
  body: string;
  created_at: number;
}

/** The order number shown to people: P, the UTC date it was placed, and its id. */
export function p2pOrderNo(o: Pick<OrderRow, "id" | "created_at">): string {
  const d = new Date(o.created_at);
  const ymd = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
  return `P${ymd}${String(o.id).padStart(6, "0")}`;
}

export function findAd(db: DB, id: number): AdRow | undefined {
  return db.prepare("SELECT * FROM p2p_ads WHERE id = ?").get(id) as AdRow | undefined;
}

export function findOrder(db: DB, id: number): OrderRow | undefined {
  return db.prepare("SELECT * FROM p2p_orders WHERE id = ?").get(id) as OrderRow | undefined;
}

export function insertAd(db: DB, a: Omit<AdRow, "id">): number {
  return Number(
    db
      .prepare(
        `INSERT INTO p2p_ads (user_id, side, currency_id, fiat, price, total, remaining, min_quantity, max_quantity, pay_types, status, created_at, updated_at)
         VALUES (@user_id, @side, @currency_id, @fiat, @price, @total, @remaining, @min_quantity, @max_quantity, @pay_types, @status, @created_at, @updated_at)`,
      )
      .run(a).lastInsertRowid,
  );
}

export function insertOrder(
  db: DB,
  o: Pick<
    OrderRow,
    | "ad_id"
    | "merchant_id"
    | "buyer_id"
    | "seller_id"
    | "currency_id"
    | "fiat"
    | "price"
    | "quantity"
    | "amount"
    | "created_at"
    | "pay_due_at"
  >,
): number {
  return Number(
    db
      .prepare(
        `INSERT INTO p2p_orders (ad_id, merchant_id, buyer_id, seller_id, currency_id, fiat, price, quantity, amount, status, created_at, pay_due_at)
         VALUES (@ad_id, @merchant_id, @buyer_id, @seller_id, @currency_id, @fiat, @price, @quantity, @amount, 1, @created_at, @pay_due_at)`,
      )
      .run(o).lastInsertRowid,
  );
}

/**
 * Moves an order from `from` to its next state with the given columns; answers whether it moved. The `status = ?`
 * guard makes every transition happen once, however many times a button is pressed or a timer fires.
 */
export function moveOrder(db: DB, id: number, from: readonly number[], set: Partial<OrderRow>): boolean {
  const cols = Object.keys(set);
  const sql = `UPDATE p2p_orders SET ${cols.map((c) => `${c} = @${c}`).join(", ")} WHERE id = @id AND status IN (${from.map(Number).join(", ")})`;
  return db.prepare(sql).run({ ...set, id }).changes === 1;
}

export function setAd(db: DB, id: number, set: Partial<Pick<AdRow, "remaining" | "status" | "updated_at">>): void {
  const cols = Object.keys(set);
  db.prepare(`UPDATE p2p_ads SET ${cols.map((c) => `${c} = @${c}`).join(", ")} WHERE id = @id`).run({ ...set, id });
}

export function addMessage(db: DB, orderId: number, userId: number | null, body: string, now: number): MessageRow {
  const id = Number(
    db.prepare("INSERT INTO p2p_messages (order_id, user_id, body, created_at) VALUES (?, ?, ?, ?)").run(orderId, userId, body, now)
      .lastInsertRowid,
  );
  return { id, order_id: orderId, user_id: userId, body, created_at: now };
}

export function messagesOf(db: DB, orderId: number, after = 0): MessageRow[] {
  return db.prepare("SELECT * FROM p2p_messages WHERE order_id = ? AND id > ? ORDER BY id LIMIT 500").all(orderId, after) as MessageRow[];
}

/** Orders the buyer cancelled or let lapse since `since` (three a day and no more buying that day: docs/product.md, "Fiat P2P"). */
export function cancelsSince(db: DB, buyerId: number, since: number): number {
  return (
    db
      .prepare(
        "SELECT COUNT(*) AS n FROM p2p_orders WHERE buyer_id = ? AND status = 4 AND cancel_by IN ('buyer', 'timeout') AND finished_at >= ?",
      )
      .get(buyerId, since) as { n: number }
  ).n;
}

/** A user's orders in progress outside their own ads. */
export function openOrdersAsCustomer(db: DB, userId: number): number {
  return (
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM p2p_orders WHERE (buyer_id = ? OR seller_id = ?) AND merchant_id <> ? AND status IN (${OPEN_SQL})`,
      )
      .get(userId, userId, userId) as { n: number }
  ).n;
}

export interface MerchantStats {
  total_orders: number;
  orders_30d: number;
  finished_30d: number;
}

/** A merchant's completed orders overall and in the last 30 days, and the 30 days' finished: completed, or cancelled by the merchant as buyer (their cancel or their missed pay limit; a customer's cancel does not count against the merchant). */
export function merchantStats(db: DB, merchantId: number, now: number): MerchantStats {
  const since = now - 30 * 86_400_000;
  return db
    .prepare(
      `SELECT COUNT(CASE WHEN status = 3 THEN 1 END) AS total_orders,
              COUNT(CASE WHEN status = 3 AND finished_at >= @since THEN 1 END) AS orders_30d,
              COUNT(CASE WHEN finished_at >= @since AND (status = 3 OR (status = 4 AND buyer_id = merchant_id AND cancel_by IN ('buyer', 'timeout'))) THEN 1 END)
                AS finished_30d
       FROM p2p_orders WHERE merchant_id = @id`,
    )
    .get({ id: merchantId, since }) as MerchantStats;
}

/**
 * Whether an upload is shown to `userId` through an order they are a party to: the buyer's payment voucher (to the
 * seller), and the seller's collection QR codes (to the buyer of an order in progress).
 */
export function uploadVisibleThroughP2P(db: DB, uploadName: string, userId: number): boolean {
  if (!/^[0-9a-f]{32}\.(jpg|png|webp)$/.test(uploadName)) return false;
  if (db.prepare("SELECT 1 FROM p2p_orders WHERE voucher = ? AND (buyer_id = ? OR seller_id = ?) LIMIT 1").get(uploadName, userId, userId))
    return true;
  return !!db
    .prepare(
      `SELECT 1 FROM p2p_orders o JOIN pay_methods m ON m.user_id = o.seller_id
       WHERE o.buyer_id = ? AND o.status IN (${OPEN_SQL}) AND m.raw_data LIKE ? LIMIT 1`,
    )
    .get(userId, `%/uploads/${uploadName}%`);
}

/** A user's saved collection methods: code and fields. */
export function payMethodsOf(db: DB, userId: number): { code: string; raw_data: Record<string, string> }[] {
  const rows = db
    .prepare("SELECT t.code, m.raw_data FROM pay_methods m JOIN pay_method_types t ON t.id = m.type_id WHERE m.user_id = ? ORDER BY t.sort")
    .all(userId) as { code: string; raw_data: string }[];
  return rows.map((r) => ({ code: r.code, raw_data: JSON.parse(r.raw_data) as Record<string, string> }));
}

/**
 * The earliest due time of an order's timer (pay, confirm, or the seller's reminder `remindMs` before the confirm
 * limit), or null when none is running.
 */
export function nextDue(db: DB, remindMs: number): number | null {
  const r = db
    .prepare(
      `SELECT MIN(t) AS n FROM (SELECT MIN(pay_due_at) AS t FROM p2p_orders WHERE status = 1
                                UNION ALL SELECT MIN(confirm_due_at) FROM p2p_orders WHERE status IN (2, 5)
                                UNION ALL SELECT MIN(confirm_due_at) - @remindMs FROM p2p_orders
                                  WHERE status IN (2, 5) AND confirm_reminded_at IS NULL)`,
    )
    .get({ remindMs }) as { n: number | null };
  return r.n;
}

/** Orders whose seller is to be reminded now: paid or delayed, not yet reminded, the confirm limit `remindMs` away. */
export function remindOrders(db: DB, now: number, remindMs: number): OrderRow[] {
  return db
    .prepare(
      `SELECT * FROM p2p_orders WHERE status IN (2, 5) AND confirm_reminded_at IS NULL
       AND confirm_due_at - @remindMs <= @now AND confirm_due_at > @now ORDER BY id LIMIT 1000`,
    )
    .all({ now, remindMs }) as OrderRow[];
}

export function dueOrders(db: DB, now: number): OrderRow[] {
  return db
    .prepare(
      `SELECT * FROM p2p_orders WHERE status = 1 AND pay_due_at <= @now
       UNION ALL SELECT * FROM p2p_orders WHERE status IN (2, 5) AND confirm_due_at <= @now
       ORDER BY id LIMIT 1000`,
    )
    .all({ now }) as OrderRow[];
}

export function userName(db: DB, userId: number): { account: string; created_at: number; is_seller: number; review_status: number } {
  const u = db.prepare("SELECT email, mobile, created_at, is_seller, review_status FROM users WHERE id = ?").get(userId) as
    { email: string | null; mobile: string | null; created_at: number; is_seller: number; review_status: number } | undefined;
  return {
    account: u?.email ?? u?.mobile ?? "",
    created_at: u?.created_at ?? 0,
    is_seller: u?.is_seller ?? 0,
    review_status: u?.review_status ?? 0,
  };
}

/** A setting in minutes, or the default when absent or not a positive whole number. */
export function minutesSetting(db: DB, key: "p2p_pay_minutes" | "p2p_confirm_minutes", fallback: number): number {
  const r = db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string | null } | undefined;
  const n = Number(r?.value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Test-only: a pay limit in seconds for one buyer's next order (`p2p-limits --pay-seconds … --buyer …`). */
export function setTestPaySeconds(db: DB, buyerId: number, seconds: number): void {
  db.prepare("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(
    `test_p2p_pay_seconds:${buyerId}`,
    String(seconds),
  );
}

/**
 * Test-only: the pay limit in seconds stored for this buyer's next order, taken (it serves one order), or null. Only
 * an engine started with TEST_SETTINGS=on asks.
 */
export function takeTestPaySeconds(db: DB, buyerId: number): number | null {
  const key = `test_p2p_pay_seconds:${buyerId}`;
  const r = db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string | null } | undefined;
  if (!r) return null;
  db.prepare("DELETE FROM settings WHERE key = ?").run(key);
  const n = Number(r.value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** A coin that has a legal account, with its decimals. */
export interface CoinRow {
  id: number;
  code: string;
  decimals: number;
}

const COINS_SQL = `SELECT c.id, c.code, c.decimals FROM currencies c
  JOIN currency_account_types t ON t.currency_id = c.id AND t.account_code = 'legal_account'`;

export function p2pCoins(db: DB): CoinRow[] {
  return db.prepare(`${COINS_SQL} ORDER BY c.sort, c.id`).all() as CoinRow[];
}

export function p2pCoin(db: DB, id: number): CoinRow | undefined {
  return db.prepare(`${COINS_SQL} WHERE c.id = ?`).get(id) as CoinRow | undefined;
}

/** How many of an ad's orders are in progress. */
export function openOrdersOfAd(db: DB, adId: number): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM p2p_orders WHERE ad_id = ? AND status IN (${OPEN_SQL})`).get(adId) as { n: number }).n;
}

/** How many orders on a merchant's ads are in progress. */
export function openOrdersOfMerchant(db: DB, merchantId: number): number {
  return (
    db.prepare(`SELECT COUNT(*) AS n FROM p2p_orders WHERE merchant_id = ? AND status IN (${OPEN_SQL})`).get(merchantId) as { n: number }
  ).n;
}

/** Whose orders a list shows: a user's as buyer or seller, or a merchant's (of one ad, or all). */
export type OrderParty = { party: number } | { merchant: number; adId?: number };

/** A page of orders, newest first: of one status, the ones in progress ('open'), or the finished ones ('done'). */
export function ordersPage(
  db: DB,
  who: OrderParty,
  which: { filter?: "open" | "done"; status?: number },
  limit: number,
  offset: number,
): { total: number; rows: OrderRow[] } {
  const cond: string[] = [];
  const args: unknown[] = [];
  if ("party" in who) {
    cond.push("(buyer_id = ? OR seller_id = ?)");
    args.push(who.party, who.party);
  } else {
    cond.push("merchant_id = ?");
    args.push(who.merchant);
    if (who.adId) {
      cond.push("ad_id = ?");
      args.push(who.adId);
    }
  }
  if (which.status) {
    cond.push("status = ?");
    args.push(which.status);
  } else if (which.filter === "open") cond.push(`status IN (${OPEN_SQL})`);
  else if (which.filter === "done") cond.push(`status IN (${P2P_STATUS.COMPLETED}, ${P2P_STATUS.CANCELLED})`);
  const sql = cond.join(" AND ");
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM p2p_orders WHERE ${sql}`).get(...args) as { total: number };
  const rows = db
    .prepare(`SELECT * FROM p2p_orders WHERE ${sql} ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(...args, limit, offset) as OrderRow[];
  return { total, rows };
}

/**
 * The open ads a user can answer: sell ads (cheapest first) or buy ads (best paying first) with something left, of a
 * coin, a fiat and a pay method if given. Sorting by price in SQL is a display order only (REAL); amounts are never
 * computed from it.
 */
export function marketAds(
  db: DB,
  f: { side: "sell" | "buy"; currencyId?: number; fiat?: string; payType?: string },
  limit: number,
  offset: number,
): { total: number; rows: AdRow[] } {
  const cond = ["status = ?", "side = ?", "remaining <> '0'"];
  const args: unknown[] = [P2P_AD_STATUS.OPEN, f.side];
  if (f.currencyId) {
    cond.push("currency_id = ?");
    args.push(f.currencyId);
  }
  if (f.fiat) {
    cond.push("fiat = ?");
    args.push(f.fiat);
  }
  if (f.payType) {
    cond.push("(',' || pay_types || ',') LIKE ?");
    args.push(`%,${f.payType},%`);
  }
  const where = cond.join(" AND ");
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM p2p_ads WHERE ${where}`).get(...args) as { total: number };
  const order = f.side === "sell" ? "CAST(price AS REAL) ASC, id" : "CAST(price AS REAL) DESC, id";
  const rows = db.prepare(`SELECT * FROM p2p_ads WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`).all(...args, limit, offset) as AdRow[];
  return { total, rows };
}

/** A merchant's own ads (of one status if given), those off the shelf last, newest first. */
export function merchantAds(
  db: DB,
  merchantId: number,
  status: number | undefined,
  limit: number,
  offset: number,
): { total: number; rows: AdRow[] } {
  const cond = ["user_id = ?"];
  const args: unknown[] = [merchantId];
  if (status) {
    cond.push("status = ?");
    args.push(status);
  }
  const where = cond.join(" AND ");
  const { total } = db.prepare(`SELECT COUNT(*) AS total FROM p2p_ads WHERE ${where}`).get(...args) as { total: number };
  const rows = db
    .prepare(`SELECT * FROM p2p_ads WHERE ${where} ORDER BY status = ${P2P_AD_STATUS.OFF}, id DESC LIMIT ? OFFSET ?`)
    .all(...args, limit, offset) as AdRow[];
  return { total, rows };
}

/** A user's legal-account balances, per coin. */
export function legalBalances(db: DB, userId: number): { currency_id: number; code: string; balance: string; lock_balance: string }[] {
  return db
    .prepare(
      `SELECT a.currency_id, c.code, a.balance, a.lock_balance FROM accounts a JOIN currencies c ON c.id = a.currency_id
       WHERE a.user_id = ? AND a.account_code = 'legal_account' ORDER BY c.sort, c.id`,
    )
    .all(userId) as { currency_id: number; code: string; balance: string; lock_balance: string }[];
}
