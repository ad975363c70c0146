import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_TYPE, DealSchema, KlineBarSchema, UserInfoSchema } from "../../../app/contract/index";
import { openDatabase } from "../db/index";
import type { Subscriber } from "../hub";
import { createExchange, type Exchange } from "../index";
import { Messenger } from "../lib/i18n";
import { pendingIdentities, reviewIdentity } from "../models/personal";
import { approveDeposit } from "../money/review";
import { moneyClient } from "../../../tests/helpers/money-client";
import { loginNumber } from "./user";
import { removeExchange } from "../../../tests/helpers/quiet-exchange";

let ex: Exchange;
let dir: string;
let clock = Date.UTC(2026, 10, 25, 9, 0, 0);
let c: ReturnType<typeof moneyClient>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "exchange-account-"));
  ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {}, now: () => clock, pushPollMs: 0 });
  c = moneyClient(ex);
});
afterAll(() => removeExchange(ex, dir));

describe("a phone account signs in with its number", () => {
  const CAROL = "13800138000"; // seeded: China, +86

  it("by its digits, written any usual way, with or without its country code", async () => {
    for (const account of [CAROL, "138 0013 8000", "138-0013-8000", "+86 138 0013 8000", "0086 13800138000"]) {
      const r = await c.call("login", { account, password: "Carol2026" });
      expect(r, account).toMatchObject({ code: 1 });
    }
    expect(await c.call("login", { account: CAROL, password: "Carol2026", login_type: "mobile", country_code: "86" })).toMatchObject({
      code: 1,
    });
  });

  it("a country that is not the account's is a wrong account, told like a wrong password", async () => {
    const wrong = await c.call("login", { account: CAROL, password: "Carol2026", login_type: "mobile", country_code: "44" });
    expect(wrong).toMatchObject({ code: 0, msg: "incorrect account or password" });
    expect(await c.call("login", { account: "+44 13800138000", password: "Carol2026" })).toMatchObject({ code: 0 });
    expect(await c.call("login", { account: CAROL, password: "Carol2027" })).toMatchObject({
      code: 0,
      msg: "incorrect account or password",
    });
  });

  it("reads the number as stored", () => {
    expect(loginNumber("+86 (138) 0013-8000", undefined, ["1", "86", "852"])).toEqual({ digits: "13800138000", country: "86" });
    expect(loginNumber("13800138000", "+86")).toEqual({ digits: "13800138000", country: "86" });
    expect(loginNumber("+8613800138000", "852")).toBeNull();
    expect(loginNumber("abc")).toBeNull();
  });
});

describe("identity has one source of truth", () => {
  it("the seeded verified accounts are verified everywhere: user info, the personal centre and the withdrawal limit", async () => {
    const token = await c.login("demo@example.com", "Trade2026");
    const info = UserInfoSchema.parse((await c.call("userInfo", {}, { token })).data);
    expect(info.review_status).toBe(2);
    const center = (await c.call("realNameCenter", {}, { token })).data as { review_status: number; draw_limit_usd: string; name: string };
    expect(center).toMatchObject({ review_status: 2, draw_limit_usd: "200000", name: "Demo Trader" });
    // Seeded through the operator's path: an approved submission.
    const row = ex.db
      .prepare("SELECT status FROM identity_submissions s JOIN users u ON u.id = s.user_id WHERE u.email = ?")
      .get("demo@example.com") as { status: number };
    expect(row.status).toBe(2);
  });

  it("an unverified account reads unverified everywhere", async () => {
    const token = await c.login("alice@example.com", "Alice2026");
    expect(UserInfoSchema.parse((await c.call("userInfo", {}, { token })).data).review_status).toBe(0);
    expect((await c.call("realNameCenter", {}, { token })).data).toMatchObject({ review_status: 0, draw_limit_usd: "2000" });
  });
});

describe("user info says until when withdrawals are held", () => {
  it("null while nothing is held, the moment they open again after a security change", async () => {
    const token = await c.login("alice@example.com", "Alice2026");
    expect(UserInfoSchema.parse((await c.call("userInfo", {}, { token })).data).withdraw_hold_until).toBeNull();
    const changed = await c.call(
      "amendPassword",
      { old_password: "Alice2026", new_password: "Alice2027", secondary_password: "Alice2027" },
      { token },
    );
    expect(changed.code).toBe(1);
    expect(UserInfoSchema.parse((await c.call("userInfo", {}, { token })).data).withdraw_hold_until).toBe(clock + 24 * 3600_000);
  });
});

describe("a session's last seen follows its use", () => {
  it("moves when the session is used, at most once a minute", async () => {
    const signedInAt = clock;
    const token = await c.login("bob@example.com", "Bob2026x");
    const seen = async () =>
      ((await c.call("sessions", {}, { token })).data as Array<{ current: boolean; last_seen_at: number }>).find((s) => s.current)!
        .last_seen_at;
    expect(await seen()).toBe(signedInAt);
    clock += 30_000;
    expect(await seen()).toBe(signedInAt);
    clock += 45_000;
    expect(await seen()).toBe(signedInAt + 75_000);
  });
});

describe("the operator's review reaches the owner's open pages (ACCOUNT_REVIEW)", () => {
  function listen(userId: number, lang = "en") {
    const got: unknown[] = [];
    const sub: Subscriber = { userId, lang, channels: new Set(), send: (m) => got.push(m) };
    ex.hub.subscribe(sub, "ACCOUNT_REVIEW");
    return { got, stop: () => ex.hub.remove(sub) };
  }

  it("a deposit approved in this process is pushed to its owner only, in the owner's language", async () => {
    const token = await c.login("demo@example.com", "Trade2026");
    const dep = await c.call(
      "createPayOrder",
      { currency_id: 1, chargeNum: "120", walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7" },
      { token },
    );
    expect(dep.code).toBe(1);
    const owner = listen(c.userId("demo@example.com"), "de");
    const other = listen(c.userId("bob@example.com"));
    const id = (dep.data as { id: number }).id;
    expect(approveDeposit(ex.db, id, clock)).toMatchObject({ ok: true });
    // The review's push, and the NOTIFY of the notification the decision added (and any other push of it).
    expect(ex.pushes.drain()).toBeGreaterThanOrEqual(2);
    expect(owner.got).toEqual([
      {
        type: "ACCOUNT_REVIEW",
        kind: "deposit",
        id,
        result: "approved",
        msg: `Einzahlung #${id} genehmigt: 120 USDT wurden Ihrem Spot-Konto gutgeschrieben`,
      },
    ]);
    expect(other.got).toEqual([]);
    expect(ex.pushes.drain()).toBe(0);
    owner.stop();
    other.stop();
  });

  it("an identity reviewed by the operator CLI (another connection, another process) reaches the running exchange", async () => {
    const aliceId = c.userId("alice@example.com");
    ex.db
      .prepare(
        "INSERT INTO identity_submissions (user_id, name, card_id, front_pic, reverse_pic, created_at) VALUES (?, 'Alice A', 'X1', '', '', ?)",
      )
      .run(aliceId, clock);
    const owner = listen(aliceId);
    const cli = openDatabase(dir);
    const submission = pendingIdentities(cli).find((r) => r.user_id === aliceId)!;
    expect(reviewIdentity(cli, submission.id, false, "the photo is blurred", clock)).toBe(true);
    cli.close();
    expect(owner.got).toEqual([]);
    ex.pushes.drain();
    expect(owner.got).toEqual([
      {
        type: "ACCOUNT_REVIEW",
        kind: "identity",
        id: submission.id,
        result: "rejected",
        msg: "your identity verification was not approved: the photo is blurred",
      },
    ]);
    owner.stop();
  });
});

describe("codes for different purposes do not share one cooldown", () => {
  it("a trade-password code and a password-reset code go out together; the same purpose waits", async () => {
    const sent = (type: number) => c.call("sendEmail", { to: "bob@example.com", type });
    expect(await sent(CODE_TYPE.TRADE_PASSWORD)).toMatchObject({ code: 1 });
    expect(await sent(CODE_TYPE.FORGOT_PASSWORD)).toMatchObject({ code: 1 });
    expect(await sent(CODE_TYPE.TRADE_PASSWORD)).toMatchObject({
      code: 0,
      msg: "please wait 60 seconds before requesting another code",
      reason: { key: "code_wait", wait: 60 },
    });
    clock += 59_000;
    // One second is said in the singular.
    expect((await sent(CODE_TYPE.TRADE_PASSWORD)).msg).toBe("please wait 1 second before requesting another code");
    clock += 1_000;
    expect(await sent(CODE_TYPE.TRADE_PASSWORD)).toMatchObject({ code: 1 });
  });
});

describe("market calls with the contract's names", () => {
  it("market/deal depth rows carry their index, best first from 0", async () => {
    // A book of our own (no market maker here): two asks and two bids on BTC/USDT.
    const demo = await c.login("demo@example.com", "Trade2026");
    const bob = await c.login("bob@example.com", "Bob2026x");
    for (const price of ["70000", "71000"])
      expect((await c.call("txOutAdd", { currency_match_id: 1, number: "0.01", price }, { token: demo })).code).toBe(1);
    for (const price of ["60000", "59000"])
      expect((await c.call("txInAdd", { currency_match_id: 1, number: "0.01", price }, { token: bob })).code).toBe(1);
    await ex.engine.idle();
    const deal = DealSchema.parse((await c.call("deal", { currency_match_id: 1 })).data);
    expect(deal.depth.out[0]).toMatchObject({ index: 0, price: "70000.00" });
    expect(deal.depth.in[0]).toMatchObject({ index: 0, price: "60000.00" });
    expect(deal.depth.out.length).toBeGreaterThan(1);
    expect(deal.depth.out.map((r) => r.index)).toEqual(deal.depth.out.map((_, i) => i));
    expect(deal.depth.in.map((r) => r.index)).toEqual(deal.depth.in.map((_, i) => i));
  });

  it("market/kline takes the chart's resolution names as well as the periods' own", async () => {
    const bars = async (period: string) => {
      const r = await c.call("kline", {
        currency_match_id: 1,
        period,
        from: Math.floor((clock - 86400_000 * 30) / 1000),
        to: Math.floor(clock / 1000),
      });
      expect(r, period).toMatchObject({ code: 1 });
      return KlineBarSchema.array().parse(r.data);
    };
    for (const [name, period] of [
      ["1", "1min"],
      ["60", "60min"],
      ["720", "720min"],
      ["1D", "1day"],
      ["3D", "3day"],
      ["1W", "1week"],
      ["1M", "1mon"],
    ] as const) {
      expect(await bars(name)).toEqual(await bars(period));
    }
    expect(await c.call("kline", { currency_match_id: 1, period: "7", from: 0, to: 1 })).toMatchObject({ code: 0 });
  });
});

describe("the exchange's messages follow each language's plural rules", () => {
  const m = new Messenger();
  it("Polish one, few and many; Japanese one form; English one and other", () => {
    const pl = m.translator("pl");
    expect(pl("code_wait", { seconds: 1, count: 1 })).toBe("odczekaj 1 sekundę, zanim poprosisz o kolejny kod");
    expect(pl("code_wait", { seconds: 3, count: 3 })).toBe("odczekaj 3 sekundy, zanim poprosisz o kolejny kod");
    expect(pl("code_wait", { seconds: 25, count: 25 })).toBe("odczekaj 25 sekund, zanim poprosisz o kolejny kod");
    expect(m.translator("jp")("lever_batch_closed", { count: 1 })).toBe(
      m.translator("jp")("lever_batch_closed", { count: 2 }).replace("2", "1"),
    );
    expect(m.translator("en")("lever_batch_closed", { count: 1 })).toBe("1 position closed");
    expect(m.translator("de")("lever_batch_closed", { count: 2 })).toBe("2 Positionen geschlossen");
    // Without a count, the plain message.
    expect(m.translator("en")("code_wait", { seconds: 5 })).toBe("please wait 5 seconds before requesting another code");
  });
});
