import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NOTIFY_KIND_NAMES, type NotifyKind } from "../../app/contract/index";
import { openDatabase, type DB } from "./db/index";
import { seedIfEmpty } from "./db/seed";
import { Messenger } from "./lib/i18n";
import { createUser } from "./models/users";
import { markAllRead, markRead, unreadCount } from "./models/notifications";
import type { OrderRow } from "./models/p2p";
import * as notices from "./notices";
import { renderNotification } from "./notifications";

const NOW = Date.UTC(2026, 2, 1, 12);

function setup() {
  const db = openDatabase(":memory:");
  seedIfEmpty(db);
  const ids = (db.prepare("SELECT id FROM users WHERE email LIKE '%@example.com' ORDER BY id").all() as { id: number }[]).map((r) => r.id);
  for (let i = ids.length; i < 4; i++) ids.push(createUser(db, { email: `extra${i}@example.com`, passwordHash: "x", now: NOW }));
  return { db, users: ids };
}

function order(buyer: number, seller: number, merchant: number): OrderRow {
  return {
    id: 7,
    ad_id: 1,
    merchant_id: merchant,
    buyer_id: buyer,
    seller_id: seller,
    currency_id: 1,
    fiat: "CNY",
    price: "7.2",
    quantity: "100",
    amount: "720",
    status: 2,
    pay_type: "bank",
    voucher: null,
    created_at: NOW,
    pay_due_at: null,
    paid_at: NOW,
    confirm_due_at: NOW + 30 * 60_000,
    delayed: 0,
    finished_at: null,
    cancel_by: null,
    complete_by: null,
    abnormal_by: null,
    abnormal_reason: null,
    appeal_by: null,
    appeal_reason: null,
    appeal_from: null,
    appeal_at: null,
    resolution: null,
    resolution_note: null,
    confirm_reminded_at: null,
  };
}

/**
 * One producer per kind: `call` tells `owner` of that kind (the other parties are `a` and `b`, who must hear nothing
 * of it). A kind the exchange tells two parties of (a deadline, an appeal's decision) is one call per party.
 */
let devices = 0;
type Producer = { kind: NotifyKind; call: (deps: notices.NoticeDeps, owner: number, a: number, b: number) => void };
/** The kinds that differ only in their figures: a lever position's three ways of closing, a price alert's two sides. */
const leverClosed =
  (price: string, profit: string, why: Parameters<typeof notices.noticeLeverClosed>[2]): Producer["call"] =>
  (d, o) =>
    notices.noticeLeverClosed(d, { userId: o, positionId: 2, symbol: "BTC/USDT", price, profit, coin: "USDT" }, why);
const priceAlert =
  (direction: "above" | "below", target: string, price: string, email: boolean): Producer["call"] =>
  (d, o) =>
    notices.noticePriceAlert(d, { userId: o, alertId: 1, symbol: "BTC/USDT", direction, target, price, email });

const PRODUCERS: Producer[] = [
  {
    kind: "deposit_approved",
    call: (d, o) => notices.noticeDepositReviewed(d, { user_id: o, id: 3, amount: "120", code: "USDT" }, "approved"),
  },
  {
    kind: "deposit_rejected",
    call: (d, o) => notices.noticeDepositReviewed(d, { user_id: o, id: 3, amount: "120", code: "USDT" }, "rejected"),
  },
  {
    kind: "withdrawal_approved",
    call: (d, o) => notices.noticeWithdrawalReviewed(d, { user_id: o, id: 4, amount: "50", code: "USDT" }, "approved"),
  },
  {
    kind: "withdrawal_rejected",
    call: (d, o) => notices.noticeWithdrawalReviewed(d, { user_id: o, id: 4, amount: "50", code: "USDT" }, "rejected"),
  },
  {
    kind: "spot_filled",
    call: (d, o) =>
      notices.noticeSpotFilled(d, {
        userId: o,
        orderId: 9,
        symbol: "BTC/USDT",
        side: "buy",
        price: "100",
        traded: "1",
        filled: "1",
        number: "1",
        done: true,
      }),
  },
  {
    kind: "spot_partly_filled",
    call: (d, o) =>
      notices.noticeSpotFilled(d, {
        userId: o,
        orderId: 9,
        symbol: "BTC/USDT",
        side: "sell",
        price: "100",
        traded: "0.5",
        filled: "0.5",
        number: "1",
        done: false,
      }),
  },
  {
    kind: "stop_triggered",
    call: (d, o) =>
      notices.noticeStopTriggered(d, { userId: o, orderId: 9, symbol: "BTC/USDT", side: "sell", stopPrice: "95", price: "94.5" }),
  },
  { kind: "lever_take_profit", call: leverClosed("110", "10", "take_profit") },
  { kind: "lever_stop_loss", call: leverClosed("90", "-10", "stop_loss") },
  { kind: "lever_liquidated", call: leverClosed("80", "-20", "liquidation") },
  {
    kind: "second_settled",
    call: (d, o) =>
      notices.noticeSecondSettled(d, { userId: o, orderId: 5, symbol: "BTC/USDT", endPrice: "101", profit: "8", coin: "USDT" }),
  },
  { kind: "p2p_new_order", call: (d, o, a, b) => notices.noticeP2PNewOrder(d, order(a, b, o), "USDT") },
  { kind: "p2p_paid", call: (d, o, a) => notices.noticeP2PPaid(d, order(a, o, o), "USDT") },
  { kind: "p2p_confirm_soon", call: (d, o, a) => notices.noticeP2PConfirmSoon(d, order(a, o, o), "USDT") },
  { kind: "p2p_released", call: (d, o, a) => notices.noticeP2PReleased(d, order(o, a, a), "USDT") },
  { kind: "p2p_cancelled", call: (d, o, a) => notices.noticeP2PCancelled(d, order(a, o, o), "USDT") },
  { kind: "p2p_appeal_opened", call: (d, o, a) => notices.noticeP2PAppealOpened(d, order(a, o, o), "USDT", a) },
  { kind: "p2p_appeal_released", call: (d, o, a) => notices.noticeP2PAppealDecided(d, order(a, o, o), "USDT", o, "buyer") },
  { kind: "p2p_appeal_returned", call: (d, o, a) => notices.noticeP2PAppealDecided(d, order(o, a, a), "USDT", o, "seller") },
  { kind: "p2p_deadline_cancelled", call: (d, o, a) => notices.noticeP2PDeadline(d, order(o, a, a), "USDT", o, "cancelled") },
  { kind: "p2p_deadline_released", call: (d, o, a) => notices.noticeP2PDeadline(d, order(a, o, o), "USDT", o, "released") },
  { kind: "identity_approved", call: (d, o) => notices.noticeIdentityReviewed(d, o, true, "") },
  { kind: "identity_rejected", call: (d, o) => notices.noticeIdentityReviewed(d, o, false, "the photo is blurred") },
  { kind: "feedback_answered", call: (d, o) => notices.noticeFeedbackAnswered(d, o, 11, "Where is my deposit?") },
  {
    kind: "new_device",
    call: (d, o) => {
      // Known device first (its first sign-in lists it silently), then a new one.
      notices.noticeSignIn(d, o, { ip: "10.0.0.1", device: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36" });
      notices.noticeSignIn(d, o, { ip: "10.0.0.2", device: `TestBrowser/${++devices}` });
    },
  },
  { kind: "password_changed", call: (d, o) => notices.noticeSecurityChange(d, o, "password_changed", "10.0.0.3") },
  { kind: "pay_password_changed", call: (d, o) => notices.noticeSecurityChange(d, o, "pay_password_changed", "10.0.0.3") },
  { kind: "authenticator_changed", call: (d, o) => notices.noticeSecurityChange(d, o, "authenticator_changed", "10.0.0.3") },
  { kind: "contact_bound", call: (d, o) => notices.noticeSecurityChange(d, o, "contact_bound", "10.0.0.3") },
  { kind: "check_locked", call: (d, o) => notices.noticeCheckLocked(d, o, "pay_password", NOW + 15 * 60_000, 5) },
  { kind: "price_alert_above", call: priceAlert("above", "100", "101", true) },
  { kind: "price_alert_below", call: priceAlert("below", "90", "89", false) },
];

const countsByUser = (db: DB, users: number[]) =>
  users.map((u) => (db.prepare("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?").get(u) as { n: number }).n);
const lastOf = (db: DB, userId: number) =>
  db.prepare("SELECT kind, params FROM notifications WHERE user_id = ? ORDER BY id DESC LIMIT 1").get(userId) as {
    kind: string;
    params: string;
  };

describe("notification producers", () => {
  it("cover every kind", () => {
    expect(PRODUCERS.map((p) => p.kind).sort()).toEqual([...NOTIFY_KIND_NAMES].sort());
  });

  for (const p of PRODUCERS) {
    it(`${p.kind}: exactly one notification, for its owner only, and the unread count follows`, () => {
      const { db, users } = setup();
      const [owner, a, b, bystander] = users as [number, number, number, number];
      const before = countsByUser(db, users);
      const unreadBefore = unreadCount(db, owner);
      p.call({ db, now: NOW }, owner, a, b);
      const after = countsByUser(db, users);
      expect(after.map((n, i) => n - before[i]!)).toEqual(users.map((u) => (u === owner ? 1 : 0)));
      expect(lastOf(db, owner).kind).toBe(p.kind);
      expect(unreadCount(db, owner)).toBe(unreadBefore + 1);
      expect(unreadCount(db, bystander)).toBe(0);
      // A NOTIFY push is queued for the owner only.
      const pushes = db.prepare("SELECT user_id FROM user_pushes WHERE channel = 'NOTIFY'").all() as { user_id: number }[];
      expect(pushes.map((r) => r.user_id)).toEqual([owner]);
    });
  }

  it("each kind reads as a sentence in all 11 languages, every value filled in", () => {
    const { db, users } = setup();
    const messenger = new Messenger();
    for (const p of PRODUCERS) p.call({ db, now: NOW }, users[0]!, users[1]!, users[2]!);
    const rows = db.prepare("SELECT kind, params FROM notifications WHERE user_id = ?").all(users[0]) as { kind: string; params: string }[];
    for (const lang of ["hk", "en", "jp", "zh", "th", "kr", "de", "fr", "it", "es", "pl"] as const) {
      const t = messenger.translator(lang);
      for (const r of rows) {
        const text = renderNotification(t, lang, r.kind, JSON.parse(r.params) as Record<string, string>);
        expect(text, `${lang} ${r.kind}`).not.toMatch(/notify_|notice_|\{\{|undefined/);
        expect(text.length, `${lang} ${r.kind}`).toBeGreaterThan(4);
      }
    }
  });

  it("emails the important kinds by the owner's categories, and never the rest", () => {
    const { db, users } = setup();
    const owner = users[0]!;
    const mails = () => (db.prepare("SELECT COUNT(*) AS n FROM outbox").get() as { n: number }).n;
    let n = mails();
    notices.noticeDepositReviewed({ db, now: NOW }, { user_id: owner, id: 1, amount: "1", code: "USDT" }, "approved");
    expect(mails()).toBe(++n);
    notices.noticeSpotFilled(
      { db, now: NOW },
      { userId: owner, orderId: 1, symbol: "BTC/USDT", side: "buy", price: "1", traded: "1", filled: "1", number: "1", done: true },
    );
    expect(mails()).toBe(n);
    db.prepare("INSERT INTO notification_settings (user_id, category, email) VALUES (?, 'funds', 0)").run(owner);
    notices.noticeDepositReviewed({ db, now: NOW }, { user_id: owner, id: 2, amount: "1", code: "USDT" }, "approved");
    expect(mails()).toBe(n);
    // A price alert asks on the alert.
    notices.noticePriceAlert(
      { db, now: NOW },
      { userId: owner, alertId: 1, symbol: "BTC/USDT", direction: "above", target: "1", price: "2", email: true },
    );
    expect(mails()).toBe(++n);
  });

  it("a property: any sequence of events leaves each person exactly their own notifications, and the unread count right after each", () => {
    const step = fc.oneof(
      fc.record({ op: fc.constant("event" as const), p: fc.nat(PRODUCERS.length - 1), who: fc.nat(3) }),
      fc.record({ op: fc.constant("readOne" as const), who: fc.nat(3) }),
      fc.record({ op: fc.constant("readAll" as const), who: fc.nat(3) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { db, users } = setup();
        const people = users.slice(0, 4) as [number, number, number, number];
        const expected = new Map<number, number>(people.map((u) => [u, 0]));
        const unread = new Map<number, Set<number>>(people.map((u) => [u, new Set()]));
        for (const s of steps) {
          const owner = people[s.who]!;
          if (s.op === "event") {
            const others = people.filter((u) => u !== owner);
            const before = countsByUser(db, people);
            PRODUCERS[s.p]!.call({ db, now: NOW }, owner, others[0]!, others[1]!);
            const after = countsByUser(db, people);
            expect(after.map((n, i) => n - before[i]!)).toEqual(people.map((u) => (u === owner ? 1 : 0)));
            expected.set(owner, expected.get(owner)! + 1);
            const id = (db.prepare("SELECT MAX(id) AS id FROM notifications WHERE user_id = ?").get(owner) as { id: number }).id;
            unread.get(owner)!.add(id);
          } else if (s.op === "readOne") {
            const first = [...unread.get(owner)!][0];
            if (first === undefined) continue;
            expect(markRead(db, owner, first, NOW)).toBe(true);
            // Someone else's notification is never marked by me.
            const other = people[(s.who + 1) % 4]!;
            const theirs = [...unread.get(other)!][0];
            if (theirs !== undefined) expect(markRead(db, owner, theirs, NOW)).toBe(false);
            unread.get(owner)!.delete(first);
          } else {
            markAllRead(db, owner, NOW);
            unread.get(owner)!.clear();
          }
          for (const u of people) expect(unreadCount(db, u)).toBe(unread.get(u)!.size);
        }
        expect(countsByUser(db, people)).toEqual(people.map((u) => expected.get(u)));
      }),
      { numRuns: 12 },
    );
  });
});
