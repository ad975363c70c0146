import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AssetSummarySchema,
  EmailChoicesSchema,
  NotificationPageSchema,
  PRICE_ALERTS_MAX,
  PriceAlertListSchema,
  UserInfoSchema,
} from "../../../app/contract/index";
import { moneyClient } from "../../../tests/helpers/money-client";
import { approveDeposit } from "../money/review";
import { createExchange, setPairPrice, type Exchange } from "../index";
import { MailRelay } from "../mail-relay";
import { DAY } from "../lib/time";
import type { Subscriber } from "../hub";
import { removeExchange } from "../../../tests/helpers/quiet-exchange";

let ex: Exchange;
let dir: string;
let c: ReturnType<typeof moneyClient>;
let demo: string;
let alice: string;
let clock = Date.UTC(2026, 2, 1, 12);
const PAIR = 2; // ETH/USDT in the demo

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "exchange-notify-"));
  ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {}, now: () => clock, pushPollMs: 0 });
  c = moneyClient(ex);
  demo = await c.login("demo@example.com", "Trade2026");
  alice = await c.login("alice@example.com", "Alice2026");
  await setPairPrice(ex, PAIR, "3000");
});
afterAll(() => removeExchange(ex, dir));

const list = async (token: string, payload: Record<string, string | number> = {}) =>
  NotificationPageSchema.parse((await c.call("notificationList", payload, { token })).data);
const kindsOf = async (token: string) => (await list(token, { limit: 100 })).data.map((n) => n.kind);

/** Alice sells `number` at `price` and demo buys it: one trade at that price between the two. */
async function trade(price: string, number = "0.01") {
  expect((await c.call("txOutAdd", { currency_match_id: PAIR, price, number }, { token: alice })).code).toBe(1);
  expect((await c.call("txInAdd", { currency_match_id: PAIR, price, number }, { token: demo })).code).toBe(1);
  await ex.engine.idle();
  await ex.alerts.settled();
}

describe("notifications through the API", () => {
  it("a deposit approved appears in my list, in my language, counted unread in user/info; the operator's decision is pushed", async () => {
    const before = (await list(demo)).unread;
    const dep = await c.call(
      "createPayOrder",
      { currency_id: 1, chargeNum: "120", walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7" },
      { token: demo },
    );
    const got: unknown[] = [];
    const sub: Subscriber = { userId: c.userId("demo@example.com"), lang: "de", channels: new Set(), send: (m) => got.push(m) };
    ex.hub.subscribe(sub, "NOTIFY");
    approveDeposit(ex.db, (dep.data as { id: number }).id, clock);
    ex.pushes.drain();
    ex.hub.remove(sub);
    expect(got).toEqual([
      expect.objectContaining({ type: "NOTIFY", kind: "deposit_approved", unread: before + 1, text: expect.stringContaining("120 USDT") }),
    ]);
    const page = NotificationPageSchema.parse((await c.call("notificationList", {}, { token: demo, lang: "de" })).data);
    expect(page.unread).toBe(before + 1);
    expect(page.data[0]).toMatchObject({ kind: "deposit_approved", category: "funds", read: false });
    expect(page.data[0]!.text).toMatch(/^Einzahlung #\d+ genehmigt: 120 USDT/);
    const info = UserInfoSchema.parse((await c.call("userInfo", {}, { token: demo })).data);
    expect(info.unread_notifications).toBe(before + 1);
    // Alice sees none of it.
    expect(await kindsOf(alice)).not.toContain("deposit_approved");
  });

  it("marks one read (only my own) and all read; the count follows", async () => {
    const page = await list(demo);
    const mine = page.data.find((n) => !n.read)!;
    expect((await c.call("notificationRead", { id: mine.id }, { token: alice })).code).toBe(0);
    const one = await c.call("notificationRead", { id: mine.id }, { token: demo });
    expect(one.data).toEqual({ unread: page.unread - 1 });
    expect((await c.call("notificationRead", { all: 1 }, { token: demo })).data).toEqual({ unread: 0 });
    expect((await list(demo, { unread: 1 })).data).toEqual([]);
  });

  it("a spot fill tells each person of their own order once per batch, never the other side's", async () => {
    const before = { demo: (await list(demo)).total, alice: (await list(alice)).total };
    await trade("3000");
    const d = (await list(demo)).data.slice(0, (await list(demo)).total - before.demo);
    const a = (await list(alice)).data.slice(0, (await list(alice)).total - before.alice);
    expect(d.map((n) => n.kind)).toEqual(["spot_filled"]);
    expect(a.map((n) => n.kind)).toEqual(["spot_filled"]);
    expect(d[0]!.params).toMatchObject({ side: "buy", symbol: "ETH/USDT", price: "3000.00" });
    expect(a[0]!.params).toMatchObject({ side: "sell" });
  });

  it("a stop-limit order that a trade reaches tells its owner once that it is on the book, at the trade's price", async () => {
    const before = { demo: (await list(demo)).total, alice: (await list(alice)).total };
    const stop = await c.call(
      "txOutAdd",
      { currency_match_id: PAIR, type: "stop_limit", trigger_price: "2950", price: "2990", number: "0.01" },
      { token: alice },
    );
    expect(stop.code, stop.msg).toBe(1);
    expect((await list(alice)).total).toBe(before.alice);
    await trade("2950");
    const a = (await list(alice)).data.slice(0, (await list(alice)).total - before.alice);
    const d = (await list(demo)).data.slice(0, (await list(demo)).total - before.demo);
    expect(a.filter((n) => n.kind === "stop_triggered")).toHaveLength(1);
    expect(a.find((n) => n.kind === "stop_triggered")!.params).toMatchObject({
      symbol: "ETH/USDT",
      side: "sell",
      id: String((stop.data as { id: number }).id),
      stop: "2950.00",
      price: "2950.00",
    });
    expect(d.map((n) => n.kind)).not.toContain("stop_triggered");
    // Leave the book as it was.
    expect((await c.call("txOutCancel", { id: (stop.data as { id: number }).id }, { token: alice })).code).toBe(1);
  });

  it("a price alert: refused where the price already is, told once when a trade crosses it, then listed as fired", async () => {
    expect((await c.call("priceAlertAdd", { currency_match_id: PAIR, direction: "above", price: "2900" }, { token: demo })).reason).toEqual(
      {
        key: "alert_already_above",
        field: "price",
      },
    );
    expect(
      (await c.call("priceAlertAdd", { currency_match_id: PAIR, direction: "above", price: "abc" }, { token: demo })).reason,
    ).toMatchObject({
      key: "alert_price_invalid",
      field: "price",
    });
    const added = await c.call("priceAlertAdd", { currency_match_id: PAIR, direction: "above", price: "3100", email: 1 }, { token: demo });
    expect(added.code).toBe(1);
    const below = await c.call("priceAlertAdd", { currency_match_id: PAIR, direction: "below", price: "2000" }, { token: demo });
    expect(below.code).toBe(1);
    await trade("3050");
    expect((await kindsOf(demo)).filter((k) => k.startsWith("price_alert"))).toEqual([]);
    const mails = () => (ex.db.prepare("SELECT COUNT(*) AS n FROM outbox WHERE address = 'demo@example.com'").get() as { n: number }).n;
    const mailsBefore = mails();
    await trade("3150");
    await trade("3200");
    const kinds = (await kindsOf(demo)).filter((k) => k.startsWith("price_alert"));
    expect(kinds).toEqual(["price_alert_above"]);
    expect(mails()).toBe(mailsBefore + 1);
    const alerts = PriceAlertListSchema.parse((await c.call("priceAlertList", {}, { token: demo })).data);
    expect(alerts.active).toBe(1);
    expect(alerts.data.find((a) => a.id === (added.data as { id: number }).id)).toMatchObject({ status: "fired", fired_price: "3150.00" });
    // Alice's list does not show demo's alerts, and she cannot delete them.
    expect(PriceAlertListSchema.parse((await c.call("priceAlertList", {}, { token: alice })).data).data).toEqual([]);
    const belowId = (below.data as { id: number }).id;
    expect((await c.call("priceAlertDelete", { id: belowId }, { token: alice })).code).toBe(0);
    expect((await c.call("priceAlertDelete", { id: belowId }, { token: demo })).code).toBe(1);
    expect(ex.alerts.size()).toBe(0);
    await trade("1900");
    expect((await kindsOf(demo)).filter((k) => k.startsWith("price_alert"))).toEqual(["price_alert_above"]);
  });

  it(`at most ${PRICE_ALERTS_MAX} active alerts per account`, async () => {
    for (let i = 0; i < PRICE_ALERTS_MAX; i++)
      expect(
        (await c.call("priceAlertAdd", { currency_match_id: PAIR, direction: "above", price: String(5000 + i) }, { token: alice })).code,
      ).toBe(1);
    const over = await c.call("priceAlertAdd", { currency_match_id: PAIR, direction: "above", price: "9999" }, { token: alice });
    expect(over.reason).toEqual({ key: "alert_limit" });
    const first = PriceAlertListSchema.parse((await c.call("priceAlertList", {}, { token: alice })).data).data[0]!;
    await c.call("priceAlertDelete", { id: first.id }, { token: alice });
    expect((await c.call("priceAlertAdd", { currency_match_id: PAIR, direction: "above", price: "9999" }, { token: alice })).code).toBe(1);
  });

  it("email choices: the defaults, saved per category (a box not sent is off)", async () => {
    expect(EmailChoicesSchema.parse((await c.call("notificationSettings", {}, { token: demo })).data)).toEqual({
      funds: true,
      trading: true,
      p2p: true,
      account: true,
      security: true,
    });
    const saved = await c.call("notificationSettingsSave", { funds: "on", security: "on" }, { token: demo });
    expect(saved.data).toEqual({ funds: true, trading: false, p2p: false, account: false, security: true });
  });

  it("a new device: the first sign-in is silent, a browser never seen on the account is told with its name and address", async () => {
    const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0";
    const signIn = async (ua: string, ip: string) => {
      const res = await ex.handle(
        new Request("http://localhost/api/user/login", {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": ua, "x-forwarded-for": ip },
          body: JSON.stringify({ account: "bob@example.com", password: "Bob2026x" }),
        }),
      );
      return ((await res.json()) as { data: string }).data;
    };
    const bob = await signIn(chrome, "203.0.113.5");
    const count = async () => (await kindsOf(bob)).filter((k) => k === "new_device").length;
    const n = await count();
    await signIn(chrome.replace("120.0.0.0", "121.0.0.0"), "203.0.113.6");
    expect(await count()).toBe(n);
    await signIn(firefox, "198.51.100.7");
    expect(await count()).toBe(n + 1);
    const told = (await list(bob)).data.find((x) => x.kind === "new_device")!;
    expect(told.text).toContain("Firefox 125");
    expect(told.text).toContain("198.51.100.7");
    const mail = ex.db.prepare("SELECT body FROM outbox WHERE address = 'bob@example.com' ORDER BY id DESC LIMIT 1").get() as {
      body: string;
    };
    expect(mail.body).toContain("/personal/sessions");
  });

  it("the value of my assets, and a daily snapshot taken once a day", async () => {
    const s1 = AssetSummarySchema.parse((await c.call("assetSummary", {}, { token: demo })).data);
    expect(Number(s1.total_usd)).toBeGreaterThan(0);
    // The scheduler took today's at start; a second run the same day does nothing.
    expect(ex.snapshots.run(clock)).toBe(0);
    const s2 = AssetSummarySchema.parse((await c.call("assetSummary", {}, { token: demo })).data);
    expect(s2.history).toHaveLength(1);
    clock += DAY;
    expect(ex.snapshots.nextDue(clock)).toBeLessThanOrEqual(clock);
    expect(ex.snapshots.run(clock)).toBeGreaterThan(0);
    expect(AssetSummarySchema.parse((await c.call("assetSummary", {}, { token: demo })).data).history).toHaveLength(2);
  });

  it("notifications older than 90 days are deleted by the retention job", async () => {
    const total = (await list(demo)).total;
    expect(ex.scheduler.runDue(clock + 91 * DAY)["notification retention"]).toBeGreaterThanOrEqual(total);
    clock += 91 * DAY;
    expect((await list(await c.login("demo@example.com", "Trade2026"))).total).toBe(0);
  });
});

describe("the SMTP relay of the outbox", () => {
  it("hands each email over once, keeps it on a relay that is down, and marks an address refused for good", async () => {
    const sent: string[] = [];
    let down = true;
    const transport = {
      async sendMail(m: { to: string; subject: string }) {
        if (down) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNECTION" });
        if (m.to === "nobody@example.com") throw Object.assign(new Error("550 no such user"), { responseCode: 550 });
        sent.push(`${m.to}|${m.subject}`);
      },
    };
    ex.db.prepare("UPDATE outbox SET sent_at = 1").run();
    const put = (address: string, body: string) =>
      ex.db
        .prepare("INSERT INTO outbox (address, channel, type, code, body, created_at) VALUES (?, 'email', 110, '', ?, ?)")
        .run(address, body, clock);
    put("a@example.com", "first line\nmore");
    put("nobody@example.com", "x");
    put("b@example.com", "second");
    const relay = new MailRelay(ex.db, transport, { from: "Exchange <x@example.com>", pollMs: 0, clock: () => clock, log: () => {} });
    expect(await relay.drain()).toBe(0);
    down = false;
    expect(await relay.drain()).toBe(2);
    expect(sent).toEqual(["a@example.com|first line", "b@example.com|second"]);
    expect(await relay.drain()).toBe(0);
    const refused = ex.db.prepare("SELECT sent_at, send_error FROM outbox WHERE address = 'nobody@example.com'").get() as {
      sent_at: number;
      send_error: string;
    };
    expect(refused.send_error).toMatch(/550/);
  });
});
