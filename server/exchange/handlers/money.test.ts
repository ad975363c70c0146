import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Decimal from "decimal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_TYPE_IDS,
  AccountGroupSchema,
  AccountLogPageSchema,
  ADDRESS_CODE_TYPE,
  CODE_TYPE,
  GoogleAuthSchema,
  ADDRESS_SERVICE_PATHS,
  AddressEntrySchema,
  ConvertPageSchema,
  ConvertQuoteSchema,
  ConvertSchema,
  CurrencySchema,
  DepositSchema,
  LockProductPageSchema,
  SavingsHoldingPageSchema,
  TransferPageSchema,
  TransferSchema,
  UserInfoSchema,
  WalletSchema,
  WithdrawalSchema,
} from "../../../app/contract/index";
import { createExchange, type Exchange } from "../index";
import { totpCode } from "../lib/totp";
import { credit as ledgerCredit } from "../ledger/index";
import { approveDeposit, approveWithdrawal, rejectWithdrawal } from "../money/review";
import { expireOpenQuotes } from "../models/converts";
import { moneyClient, seconds } from "../../../tests/helpers/money-client";
import { removeExchange } from "../../../tests/helpers/quiet-exchange";

let ex: Exchange;
let dir: string;
let clock = Date.UTC(2026, 10, 21, 10, 0, 0);
let c: ReturnType<typeof moneyClient>;
let demo: string;
let alice: string;
let bob: string;
const USDT = 1;
const BTC = 2;
const TRC20_USDT = 2; // currency_protocols id of USDT on TRC20 (ERC20 is 1)
const TRON_ADDRESS = "TJRabPrwbZy45sbavfcjinPJC18kjpRTv8";
const ERC20_SENDER = "0x52908400098527886E0F7030069857D2E4169EE7";

/** Balances move exactly: compare differences as decimal strings, never as floats. */
const minus = (a: string, b: string) => new Decimal(a).minus(b).toFixed();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "exchange-money-"));
  ex = createExchange({ dataDir: dir, simulator: false, marketMaker: false, log: () => {}, now: () => clock, savingsScheduler: false });
  c = moneyClient(ex);
  demo = await c.login("demo@example.com", "Trade2026");
  alice = await c.login("alice@example.com", "Alice2026");
  bob = await c.login("bob@example.com", "Bob2026x");
});
afterAll(() => removeExchange(ex, dir));

/** Binds a withdrawal address through the address service (SendVerificationcode, then BindDrawAddress). */
async function bind(email: string, address: string, coin = "USDT", contract = "TRC20", memo = "") {
  clock += 60_000; // the 59 s resend wait
  const user_id = c.userId(email);
  const sent = await c.addr(ADDRESS_SERVICE_PATHS.sendVerificationcode, { user_id, timestamp: seconds(clock) });
  expect(sent).toMatchObject({ code: 1 });
  const code = c.lastCode(email, ADDRESS_CODE_TYPE);
  return c.addr(ADDRESS_SERVICE_PATHS.bindDrawAddress, {
    user_id,
    address,
    coin_name: coin,
    contract_address: contract,
    memo,
    verificationcode: code,
    timestamp: seconds(clock),
  });
}

describe("accounts", () => {
  it("lists the five account groups with USD totals and currency details", async () => {
    const r = await c.call("accountList", {}, { token: demo, lang: "de" });
    expect(r.code).toBe(1);
    const groups = AccountGroupSchema.array().parse(r.data);
    expect(groups.map((g) => g.account_code)).toEqual([
      "change_account",
      "legal_account",
      "lever_account",
      "micro_account",
      "financial_account",
    ]);
    const spot = groups[0];
    expect(spot).toMatchObject({ is_recharge: 1, name: "Spot-Konto", account_type_id: 1 });
    expect(groups.slice(1).every((g) => g.is_recharge === 0)).toBe(true);
    const usdt = spot.accounts.find((a) => a.currency_code === "USDT")!;
    expect(usdt).toMatchObject({ balance: "10000", lock_balance: "0", convert_usd: "10000.00" });
    expect(usdt.currency).toMatchObject({
      open_recharge: 1,
      open_draw: 1,
      draw_rate: "0.001",
      draw_min: "10",
      draw_max: "200000",
      is_recharge_account: 1,
    });
    expect(usdt.currency.currency_protocols.map((p) => p.chain_protocol.code)).toEqual(["ERC20", "TRC20"]);
    expect(usdt.currency.account_types).toHaveLength(5);
    // 10000 USDT + 0.5 BTC + 5 ETH + 40 SOL at the seed prices.
    expect(spot.convert_usd).toBe("64800.00"); // 10000 + 0.5 × 64000 + 5 × 3400 + 40 × 145
    expect(groups[2].convert_usd).toBe("5000.00");
    const detail = await c.call("accountDetail", { currency_id: USDT, account_type_id: ACCOUNT_TYPE_IDS.lever_account }, { token: demo });
    expect(detail.data).toMatchObject({ balance: "5000", account_code: "lever_account" });
  });

  it("lists currencies with their chains without a login", async () => {
    const r = await c.call("currencyProtocols");
    const list = CurrencySchema.array().parse(r.data);
    expect(list.find((x) => x.code === "XRP")!.currency_protocols[0]).toMatchObject({ needs_memo: 1 });
  });

  it("gives each user a stored, deterministic deposit address per currency and chain", async () => {
    const a = WalletSchema.parse((await c.call("wallet", { currency_id: USDT, currency_protocol_id: TRC20_USDT }, { token: demo })).data);
    expect(a.chain_protocol.code).toBe("TRC20");
    expect(a.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(a.memo).toBe("");
    const again = WalletSchema.parse(
      (await c.call("wallet", { currency_id: USDT, currency_protocol_id: TRC20_USDT }, { token: demo })).data,
    );
    expect(again.address).toBe(a.address);
    const other = WalletSchema.parse(
      (await c.call("wallet", { currency_id: USDT, currency_protocol_id: TRC20_USDT }, { token: alice })).data,
    );
    expect(other.address).not.toBe(a.address);
    const xrp = WalletSchema.parse((await c.call("wallet", { currency_id: 6 }, { token: demo })).data);
    expect(xrp.memo).toMatch(/^\d{9}$/);
  });
});

describe("deposits for review", () => {
  it("requires the amount and the wallet address, then credits on approval", async () => {
    expect((await c.call("createPayOrder", { currency_id: USDT, walletAddress: "0xabc" }, { token: alice })).msg).toBe(
      "please enter the deposit amount",
    );
    expect((await c.call("createPayOrder", { currency_id: USDT, chargeNum: "100" }, { token: alice })).msg).toBe(
      "please enter your wallet address",
    );
    expect((await c.call("createPayOrder", { currency_id: USDT, chargeNum: "1.1234567", walletAddress: "x" }, { token: alice })).msg).toBe(
      "the amount may have at most 6 decimals",
    );
    const r = await c.call(
      "createPayOrder",
      { currency_id: USDT, chargeNum: "250", walletAddress: ERC20_SENDER, idempotency_key: "dep-1" },
      { token: alice },
    );
    expect(r).toMatchObject({ code: 1, msg: "deposit submitted for review" });
    const dep = DepositSchema.parse(r.data);
    expect(dep).toMatchObject({ amount: "250", status: "pending", wallet_address: ERC20_SENDER });
    const repeat = await c.call(
      "createPayOrder",
      { currency_id: USDT, chargeNum: "250", walletAddress: ERC20_SENDER, idempotency_key: "dep-1" },
      { token: alice },
    );
    expect(DepositSchema.parse(repeat.data).id).toBe(dep.id);
    const uid = c.userId("alice@example.com");
    expect(c.balances(uid, USDT).balance).toBe("5000");
    expect(approveDeposit(ex.db, dep.id, clock)).toMatchObject({ ok: true });
    expect(approveDeposit(ex.db, dep.id, clock)).toMatchObject({ ok: false, reason: "not_pending" });
    expect(c.balances(uid, USDT).balance).toBe("5250");
    const log = AccountLogPageSchema.parse((await c.call("accountLogChange", { currency_id: USDT }, { token: alice })).data);
    expect(log.data[0]).toMatchObject({ type: "deposit", category: "deposit", value: "250", memo: `Deposit #${dep.id}` });
    const list = await c.call("depositList", {}, { token: alice });
    expect(list.data).toMatchObject({ total: 1, data: [{ status: "approved", status_name: "approved" }] });
  });
});

describe("deposit declarations are checked as withdrawals are", () => {
  it("refuses an address that is not one of the chain's and an amount under the currency's minimum, each on its field", async () => {
    const declare = (p: Record<string, string | number>) => c.call("createPayOrder", { currency_id: USDT, ...p }, { token: alice });
    // 'abc' is no ERC20 address (USDT's first chain) nor a TRC20 one.
    expect(await declare({ chargeNum: "100", walletAddress: "abc" })).toMatchObject({
      code: 0,
      msg: "this is not a valid ERC20 address",
      reason: { key: "wallet_address_chain", field: "walletAddress" },
    });
    expect(await declare({ chargeNum: "100", walletAddress: ERC20_SENDER, currency_protocol_id: TRC20_USDT })).toMatchObject({
      msg: "this is not a valid TRC20 address",
      reason: { field: "walletAddress" },
    });
    // The minimum: a tenth of the withdrawal minimum for the seeded currencies (1 USDT).
    expect(await declare({ chargeNum: "0.000001", walletAddress: ERC20_SENDER })).toMatchObject({
      code: 0,
      msg: "the minimum deposit is 1 USDT",
      reason: { key: "deposit_min", field: "chargeNum" },
    });
    expect(await declare({ chargeNum: "1.1234567", walletAddress: ERC20_SENDER })).toMatchObject({ reason: { field: "chargeNum" } });
    expect(await declare({ chargeNum: "1", walletAddress: TRON_ADDRESS, currency_protocol_id: TRC20_USDT })).toMatchObject({ code: 1 });
    const usdt = CurrencySchema.array()
      .parse((await c.call("currencyProtocols", {})).data)
      .find((x) => x.code === "USDT")!;
    expect(usdt.recharge_min).toBe("1");
  });
});

describe("transfers", () => {
  it("checks the rules: amount, accounts differ, both allowed, balance", async () => {
    const t = (p: Record<string, string | number>, lang?: string) => c.call("transfer", { currency_id: USDT, ...p }, { token: demo, lang });
    expect((await t({ from: "change_account", to: "lever_account" })).msg).toBe("please enter the transfer amount");
    expect((await t({ balance: "0", from: "change_account", to: "lever_account" })).msg).toBe("the amount must be greater than 0");
    expect((await t({ balance: "5", from: "change_account", to: "change_account" })).msg).toBe("the two accounts must be different");
    expect((await t({ balance: "5", from: 1, to: 1 }, "zh")).msg).toBe("转出与转入账户不能相同");
    expect((await t({ balance: "20000", from: "change_account", to: "lever_account" })).msg).toBe("insufficient balance");
    // SOL is held in the coin account only.
    expect(
      (await c.call("transfer", { currency_id: 5, balance: "1", from: "change_account", to: "lever_account" }, { token: demo })).msg,
    ).toBe("transfers are not available for SOL");
    // BTC: change, legal, financial — not lever.
    expect(
      (await c.call("transfer", { currency_id: BTC, balance: "0.1", from: "change_account", to: "lever_account" }, { token: demo })).msg,
    ).toBe("the Lever account does not hold BTC");
  });

  it("moves between two accounts of the same user, logs both sides and lists the transfer", async () => {
    const uid = c.userId("demo@example.com");
    const r = await c.call(
      "transfer",
      { currency_id: USDT, balance: "1500.5", from: "change_account", to: "lever_account", idempotency_key: "tr-1" },
      { token: demo },
    );
    expect(r).toMatchObject({ code: 1, msg: "transfer successful" });
    expect(TransferSchema.parse(r.data)).toMatchObject({
      balance: "1500.5",
      from: "change_account",
      to: "lever_account",
      from_name: "Spot account",
    });
    // The same form posted again moves nothing more.
    const again = await c.call(
      "transfer",
      { currency_id: USDT, balance: "1500.5", from: "change_account", to: "lever_account", idempotency_key: "tr-1" },
      { token: demo },
    );
    expect(again.data).toEqual(r.data);
    expect(c.balances(uid, USDT).balance).toBe("8499.5");
    expect(c.balances(uid, USDT, "lever_account").balance).toBe("6500.5");
    const lever = AccountLogPageSchema.parse((await c.call("accountLogLever", {}, { token: demo })).data);
    expect(lever.data[0]).toMatchObject({
      type: "transfer",
      category: "transfer",
      value: "1500.5",
      extra_data: { from: "change_account" },
      memo: "Transfer in from Spot account",
    });
    const spot = AccountLogPageSchema.parse((await c.call("accountLogChange", { currency_id: USDT }, { token: demo, lang: "en" })).data);
    expect(spot.data[0]).toMatchObject({ value: "-1500.5", memo: "Transfer out to Lever account" });
    const log = TransferPageSchema.parse((await c.call("transferLog", { currency_id: USDT }, { token: demo })).data);
    expect(log).toMatchObject({ total: 1, per_page: 15 });
    // Back again with type ids.
    expect((await c.call("transfer", { currency_id: USDT, balance: "1500.5", from: 3, to: 1 }, { token: demo })).code).toBe(1);
    expect(c.balances(uid, USDT).balance).toBe("10000");
  });

  it("pages the account log by 15 with an All filter", async () => {
    for (let i = 0; i < 9; i++) {
      await c.call("transfer", { currency_id: USDT, balance: "1", from: "change_account", to: "micro_account" }, { token: bob });
      await c.call("transfer", { currency_id: USDT, balance: "1", from: "micro_account", to: "change_account" }, { token: bob });
    }
    const p1 = AccountLogPageSchema.parse((await c.call("accountLogChange", {}, { token: bob })).data);
    expect(p1).toMatchObject({ per_page: 15, current_page: 1 });
    expect(p1.total).toBeGreaterThan(15);
    expect(p1.data).toHaveLength(15);
    const p2 = AccountLogPageSchema.parse((await c.call("accountLogChange", { page: 2 }, { token: bob })).data);
    expect(p2.data.length).toBe(p1.total - 15);
    const none = AccountLogPageSchema.parse((await c.call("accountLogChange", { currency_id: 7 }, { token: bob })).data);
    expect(none).toMatchObject({ total: 0, data: [] });
  });
});

describe("trade password, address book and withdrawals", () => {
  it("sets the trade password with the emailed type-3 code", async () => {
    const info = UserInfoSchema.parse((await c.call("userInfo", {}, { token: demo })).data);
    expect(info.has_pay_password).toBe(false);
    clock += 60_000;
    expect((await c.call("amendPayPassword", { password: "Pay2026x", re_password: "Pay2026y", auth_code: "1" }, { token: demo })).msg).toBe(
      "the two passwords do not match",
    );
    expect(
      (await c.call("amendPayPassword", { password: "Pay2026x", re_password: "Pay2026x", auth_code: "000000" }, { token: demo })).msg,
    ).toBe("incorrect or expired verification code");
    const r = await c.setPayPassword(demo, "demo@example.com", "Pay2026x");
    expect(r).toMatchObject({ code: 1, msg: "trade password saved" });
    expect(UserInfoSchema.parse((await c.call("userInfo", {}, { token: demo })).data).has_pay_password).toBe(true);
    // The first trade password holds withdrawals for 24 hours too: a mailbox taken over must not lead straight to one.
    const held = await c.call(
      "draw",
      { currency_id: USDT, currency_protocol_id: TRC20_USDT, address: TRON_ADDRESS, number: "100", pay_password: "Pay2026x" },
      { token: demo },
    );
    expect(held.reason).toEqual({ key: "withdraw_held" });
    clock += 24 * 3600_000 + 1;
  });

  it("asks for a bound address first, then withdraws through review", async () => {
    const uid = c.userId("demo@example.com");
    const draw = (p: Record<string, string | number>, lang?: string) =>
      c.call("draw", { currency_id: USDT, currency_protocol_id: TRC20_USDT, ...p }, { token: demo, lang });
    expect((await draw({ number: "100", pay_password: "Pay2026x" })).msg).toBe("please enter the withdrawal address");
    expect((await draw({ address: TRON_ADDRESS, pay_password: "Pay2026x" })).msg).toBe("please enter the withdrawal amount");
    expect((await draw({ address: TRON_ADDRESS, number: "100" })).msg).toBe("please enter the trade password");
    expect((await draw({ address: TRON_ADDRESS, number: "100", pay_password: "Pay2026x" })).msg).toBe(
      "please bind or set a withdrawal address first",
    );
    expect((await draw({ address: TRON_ADDRESS, number: "100", pay_password: "Pay2026x" }, "hk")).msg).toBe("請先綁定或設置提幣地址");

    const bound = await bind("demo@example.com", TRON_ADDRESS);
    expect(bound).toMatchObject({ code: 1, msg: "withdrawal address saved" });
    expect(AddressEntrySchema.parse(bound.data)).toMatchObject({
      coin_name: "USDT",
      chain: "TRC20",
      address: TRON_ADDRESS,
      currency_protocol_id: TRC20_USDT,
    });
    const got = await c.addr(ADDRESS_SERVICE_PATHS.getDrawAddress, {
      user_id: uid,
      coin_name: "USDT",
      contract_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      timestamp: seconds(clock),
    });
    expect(
      AddressEntrySchema.array()
        .parse(got.data)
        .map((e) => e.address),
    ).toEqual([TRON_ADDRESS]);

    expect((await draw({ address: "TXYZabPrwbZy45sbavfcjinPJC18kjpRTv8", number: "100", pay_password: "Pay2026x" })).msg).toBe(
      "this address is not in your address book",
    );
    // Each amount refusal names its field, so a form puts it on the amount.
    expect(await draw({ address: TRON_ADDRESS, number: "5", pay_password: "Pay2026x" })).toMatchObject({
      msg: "the minimum withdrawal is 10 USDT",
      reason: { key: "draw_min", field: "number" },
    });
    expect(await draw({ address: TRON_ADDRESS, number: "300000", pay_password: "Pay2026x" })).toMatchObject({
      msg: "the maximum withdrawal is 200000 USDT",
      reason: { key: "draw_max", field: "number" },
    });
    expect(await draw({ address: TRON_ADDRESS, number: "20000", pay_password: "Pay2026x" })).toMatchObject({
      msg: "insufficient balance",
      reason: { field: "number" },
    });
    expect((await draw({ address: TRON_ADDRESS, number: "100", pay_password: "wrong123" })).msg).toBe("incorrect trade password");

    const ok = await draw({ address: TRON_ADDRESS, number: "100", pay_password: "Pay2026x", idempotency_key: "w-1" });
    expect(ok).toMatchObject({ code: 1, msg: "withdrawal submitted for review" });
    const w = WithdrawalSchema.parse(ok.data);
    expect(w).toMatchObject({ number: "100", fee: "0.1", received: "99.9", rate: "0.001", status: "pending", chain: "TRC20" });
    // Locked at once.
    expect(c.balances(uid, USDT)).toEqual({ balance: "9900", lock_balance: "100" });
    // Double submit: the same key moves nothing more and answers the same withdrawal.
    const again = await draw({ address: TRON_ADDRESS, number: "100", pay_password: "Pay2026x", idempotency_key: "w-1" });
    expect(WithdrawalSchema.parse(again.data).id).toBe(w.id);
    expect(c.balances(uid, USDT)).toEqual({ balance: "9900", lock_balance: "100" });

    const fees = ex.system.feeCollectorId;
    const feesBefore = c.balances(fees, USDT).balance;
    expect(approveWithdrawal(ex.db, ex.system, w.id, clock)).toMatchObject({ ok: true });
    expect(c.balances(uid, USDT)).toEqual({ balance: "9900", lock_balance: "0" });
    expect(minus(c.balances(fees, USDT).balance, feesBefore)).toBe("0.1");
    const log = AccountLogPageSchema.parse((await c.call("accountLogChange", { currency_id: USDT }, { token: demo })).data);
    expect(log.data.slice(0, 2).map((e) => [e.type, e.field, e.value])).toEqual([
      ["withdrawal_fee", "lock_balance", "-0.1"],
      ["withdrawal", "lock_balance", "-99.9"],
    ]);

    // A rejected one unlocks.
    const second = WithdrawalSchema.parse((await draw({ address: TRON_ADDRESS, number: "50", pay_password: "Pay2026x" })).data);
    expect(c.balances(uid, USDT)).toEqual({ balance: "9850", lock_balance: "50" });
    expect(rejectWithdrawal(ex.db, second.id, clock)).toMatchObject({ ok: true });
    expect(c.balances(uid, USDT)).toEqual({ balance: "9900", lock_balance: "0" });
    const list = await c.call("drawList", {}, { token: demo });
    expect(list.data).toMatchObject({ total: 2, data: [{ status: "rejected" }, { status: "approved" }] });
  });

  it("holds withdrawals 24 h after a security change, keeps to the daily limit by identity, and asks for the authenticator code", async () => {
    // A new, unverified user of its own (the others' address books and balances belong to other tests).
    const email = "dana@example.com";
    expect((await c.call("sendEmail", { to: email, type: CODE_TYPE.REGISTER })).code).toBe(1);
    expect(
      await c.call("register", {
        account: email,
        password: "Dana2026x",
        re_password: "Dana2026x",
        sms_code: c.lastCode(email, CODE_TYPE.REGISTER),
        type: "email",
      }),
    ).toMatchObject({ code: 1 });
    const dana = await c.login(email, "Dana2026x");
    const uid = c.userId(email);
    clock += 61_000;
    expect(await bind(email, TRON_ADDRESS)).toMatchObject({ code: 1 });
    ledgerCredit(ex.db, { userId: uid, currencyId: USDT, accountCode: "change_account", amount: "10000", type: "test" });
    clock += 61_000;
    // The first design's payload (password and the emailed code, no repeat) sets the trade password.
    await c.call("sendEmail", { to: email, type: CODE_TYPE.TRADE_PASSWORD });
    const set = await c.call(
      "amendPayPassword",
      { password: "Pay2026x", auth_code: c.lastCode(email, CODE_TYPE.TRADE_PASSWORD) },
      { token: dana },
    );
    expect(set).toMatchObject({ code: 1 });
    // Setting it held withdrawals for a day.
    clock += 24 * 3600_000 + 1;
    const draw = (p: Record<string, string | number> = {}) =>
      c.call(
        "draw",
        { currency_id: USDT, currency_protocol_id: TRC20_USDT, address: TRON_ADDRESS, pay_password: "Pay2026x", number: "100", ...p },
        { token: dana },
      );
    // Not verified: 2,000 USD a day.
    expect((await draw({ number: "2500" })).reason).toEqual({ key: "draw_daily_limit_verify", field: "number" });
    expect(await draw({ number: "1500" })).toMatchObject({ code: 1 });
    const over = await draw({ number: "600" });
    expect(over.reason).toMatchObject({ key: "draw_daily_limit_verify" });
    expect(over.msg).toContain("500.00 USD left today");
    expect(await draw({ number: "400" })).toMatchObject({ code: 1 });
    // A new UTC day starts afresh. Withdrawals sent at once are held to it as well: of four of 1,900 USD, one.
    clock += 24 * 3600_000;
    const atOnce = await Promise.all(Array.from({ length: 4 }, () => draw({ number: "1900" })));
    expect(atOnce.map((r) => r.reason?.key ?? "ok").sort()).toEqual([
      "draw_daily_limit_verify",
      "draw_daily_limit_verify",
      "draw_daily_limit_verify",
      "ok",
    ]);
    const pending = ex.db.prepare("SELECT COUNT(*) AS n FROM withdrawals WHERE user_id = ? AND amount = '1900'").get(uid) as { n: number };
    expect(pending.n).toBe(1);
    // Changing the trade password holds withdrawals for 24 hours, with the time in the message.
    clock += 61_000;
    await c.call("sendEmail", { to: email, type: CODE_TYPE.TRADE_PASSWORD });
    expect(
      await c.call(
        "amendPayPassword",
        { password: "Pay2027x", re_password: "Pay2027x", auth_code: c.lastCode(email, CODE_TYPE.TRADE_PASSWORD) },
        { token: dana },
      ),
    ).toMatchObject({ code: 1 });
    const held = await draw({ pay_password: "Pay2027x" });
    expect(held.reason).toMatchObject({ key: "withdraw_held" });
    expect(held.msg).toMatch(/withdrawals are paused after a security change until .*UTC/);
    clock += 24 * 3600_000 + 1;
    expect(await draw({ pay_password: "Pay2027x" })).toMatchObject({ code: 1 });
    // With the authenticator on, a withdrawal needs its current code too (binding it held withdrawals a day).
    const secret = GoogleAuthSchema.parse((await c.call("googleQrCode", {}, { token: dana })).data).secret;
    expect(
      await c.call("googleSwitch", { google_switch: 1, google_code: totpCode(secret, clock), password: "Dana2026x" }, { token: dana }),
    ).toMatchObject({
      code: 1,
    });
    clock += 24 * 3600_000 + 30_000;
    expect((await draw({ pay_password: "Pay2027x" })).reason).toEqual({ key: "google_code_required", field: "google_code" });
    expect(await draw({ pay_password: "Pay2027x", google_code: totpCode(secret, clock) })).toMatchObject({ code: 1 });
    // So does a change of the trade password.
    clock += 61_000;
    await c.call("sendEmail", { to: email, type: CODE_TYPE.TRADE_PASSWORD });
    const change = { password: "Pay2028x", re_password: "Pay2028x", auth_code: c.lastCode(email, CODE_TYPE.TRADE_PASSWORD) };
    expect((await c.call("amendPayPassword", change, { token: dana })).reason).toEqual({
      key: "google_code_required",
      field: "google_code",
    });
    expect(await c.call("amendPayPassword", { ...change, google_code: totpCode(secret, clock) }, { token: dana })).toMatchObject({
      code: 1,
    });
  });

  it("withdraws to the entry with exactly the memo given when one address is bound with several memos", async () => {
    const XRP = 6;
    const currencies = (await c.call("currencyProtocols")).data as Array<{ id: number; currency_protocols: Array<{ id: number }> }>;
    const XRP_CHAIN = currencies.find((x) => x.id === XRP)!.currency_protocols[0].id;
    const uid = c.userId("bob@example.com");
    const shared = "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh";
    expect(await bind("bob@example.com", shared, "XRP", "XRP", "1001")).toMatchObject({ code: 1 });
    expect(await bind("bob@example.com", shared, "XRP", "XRP", "2002")).toMatchObject({ code: 1 });
    ledgerCredit(ex.db, { userId: uid, currencyId: XRP, accountCode: "change_account", amount: "1000", type: "test" });
    clock += 61_000; // one code per address a minute
    expect(await c.setPayPassword(bob, "bob@example.com", "Pay2026x")).toMatchObject({ code: 1 });
    clock += 24 * 3600_000 + 1; // setting it held withdrawals for a day
    const draw = (p: Record<string, string | number>) =>
      c.call(
        "draw",
        { currency_id: XRP, currency_protocol_id: XRP_CHAIN, address: shared, number: "100", pay_password: "Pay2026x", ...p },
        { token: bob },
      );
    // Without a memo the entry is ambiguous; with a memo not in the book it is not bound.
    expect((await draw({})).msg).toBe("this address is not in your address book");
    expect((await draw({ memo: "3003" })).msg).toBe("this address is not in your address book");
    const second = await draw({ memo: "2002" });
    expect(second).toMatchObject({ code: 1 });
    const row = ex.db.prepare("SELECT address, memo FROM withdrawals WHERE id = ?").get(WithdrawalSchema.parse(second.data).id);
    expect(row).toEqual({ address: shared, memo: "2002" });
  });

  it("locks the trade password for 15 minutes after five wrong ones in 15 minutes", async () => {
    const draw = (pw: string, lang?: string) =>
      c.call(
        "draw",
        { currency_id: USDT, currency_protocol_id: TRC20_USDT, address: TRON_ADDRESS, number: "10", pay_password: pw },
        { token: demo, lang },
      );
    for (let i = 0; i < 4; i++) expect((await draw("nope1234")).msg).toBe("incorrect trade password");
    const locked = await draw("nope1234");
    expect(locked.code).toBe(0);
    expect(locked.msg).toMatch(/^too many wrong trade passwords: the trade password is locked until .*UTC/);
    expect(locked.reason).toEqual({ key: "pay_password_locked", field: "pay_password" });
    // Even the right password is refused while locked, with the time in the user's language.
    const de = await draw("Pay2026x", "de");
    expect(de.msg).toMatch(/^zu viele falsche Handelspasswörter: das Handelspasswort ist bis .+ gesperrt$/);
    clock += 15 * 60_000 + 1;
    expect((await draw("Pay2026x")).code).toBe(1);
  });

  it("accepts exactly one of 50 concurrent withdrawals of the whole balance", async () => {
    await bind("bob@example.com", TRON_ADDRESS);
    clock += 60_000;
    expect((await c.setPayPassword(bob, "bob@example.com", "BobPay2026")).code).toBe(1);
    // A changed trade password holds withdrawals for a day (bob set one in an earlier test).
    clock += 24 * 3600_000 + 1;
    const uid = c.userId("bob@example.com");
    const whole = c.balances(uid, USDT).balance;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        c.call(
          "draw",
          {
            currency_id: USDT,
            currency_protocol_id: TRC20_USDT,
            address: TRON_ADDRESS,
            number: whole,
            pay_password: "BobPay2026",
            idempotency_key: `bob-${i}`,
          },
          { token: bob },
        ),
      ),
    );
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.code === 0).every((r) => r.msg === "insufficient balance")).toBe(true);
    expect(c.balances(uid, USDT)).toEqual({ balance: "0", lock_balance: whole });
  });
});

describe("address service", () => {
  it("refuses altered, stale and unsigned requests", async () => {
    const uid = c.userId("alice@example.com");
    const data = { user_id: uid, timestamp: seconds(clock) };
    expect((await c.addr(ADDRESS_SERVICE_PATHS.getDrawAddress, data)).code).toBe(1);
    expect((await c.addr(ADDRESS_SERVICE_PATHS.getDrawAddress, data, { secret: "not-the-secret" })).msg).toBe("invalid signature");
    const form = new URLSearchParams({ data: JSON.stringify(data), sign: "0".repeat(64) });
    expect((await c.addr(ADDRESS_SERVICE_PATHS.getDrawAddress, data, { form })).msg).toBe("invalid signature");
    expect((await c.addr(ADDRESS_SERVICE_PATHS.getDrawAddress, { user_id: uid, timestamp: seconds(clock - 301_000) })).msg).toBe(
      "the request has expired, please try again",
    );
    expect((await c.addr(ADDRESS_SERVICE_PATHS.getDrawAddress, { user_id: uid, timestamp: seconds(clock + 120_000) })).code).toBe(0);
    expect((await c.addr("/addr/Nope", data)).status).toBe(404);
    // Not reachable under /api/.
    const viaApi = await ex.handle(new Request(`http://localhost/api/addr/GetDrawAddress`, { method: "POST" }));
    expect(viaApi.status).toBe(404);
  });

  it("checks the code, the chain's address shape and the memo; waits 59 s between codes; removes entries", async () => {
    const uid = c.userId("alice@example.com");
    clock += 60_000;
    expect((await c.addr(ADDRESS_SERVICE_PATHS.sendVerificationcode, { user_id: uid, timestamp: seconds(clock) })).code).toBe(1);
    clock += 30_000;
    const wait = await c.addr(ADDRESS_SERVICE_PATHS.sendVerificationcode, { user_id: uid, timestamp: seconds(clock) });
    expect(wait.msg).toBe("please wait 29 seconds before requesting another code");
    const code = c.lastCode("alice@example.com", ADDRESS_CODE_TYPE);
    const base = { user_id: uid, coin_name: "XRP", contract_address: "", timestamp: seconds(clock) };
    expect(
      (
        await c.addr(ADDRESS_SERVICE_PATHS.bindDrawAddress, {
          ...base,
          address: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
          verificationcode: "000000",
        })
      ).msg,
    ).toBe("incorrect or expired verification code");
    expect((await c.addr(ADDRESS_SERVICE_PATHS.bindDrawAddress, { ...base, address: "0x1234", verificationcode: code })).msg).toBe(
      "this is not a valid XRP address",
    );
    expect(
      (
        await c.addr(ADDRESS_SERVICE_PATHS.bindDrawAddress, {
          ...base,
          address: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
          memo: "abc",
          verificationcode: code,
        })
      ).msg,
    ).toBe("the memo (destination tag) must be up to 10 digits");
    const ok = await c.addr(ADDRESS_SERVICE_PATHS.bindDrawAddress, {
      ...base,
      address: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
      memo: "12345",
      verificationcode: code,
    });
    expect(ok).toMatchObject({ code: 1 });
    const entry = AddressEntrySchema.parse(ok.data);
    expect(entry).toMatchObject({ chain: "XRP", memo: "12345" });
    // The code is spent.
    expect(
      (
        await c.addr(ADDRESS_SERVICE_PATHS.bindDrawAddress, {
          ...base,
          address: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
          verificationcode: code,
        })
      ).code,
    ).toBe(0);
    const other = c.userId("bob@example.com");
    expect((await c.addr(ADDRESS_SERVICE_PATHS.removeDrawAddress, { user_id: other, id: entry.id, timestamp: seconds(clock) })).msg).toBe(
      "address not found",
    );
    expect((await c.addr(ADDRESS_SERVICE_PATHS.removeDrawAddress, { user_id: uid, id: entry.id, timestamp: seconds(clock) })).code).toBe(1);
    const list = await c.addr(ADDRESS_SERVICE_PATHS.getDrawAddress, { user_id: uid, timestamp: seconds(clock) });
    expect(list.data).toEqual([]);
  });
});

describe("savings", () => {
  it("lists products and buys one: principal moves from spot to financial (locked)", async () => {
    const products = LockProductPageSchema.parse((await c.call("lockList", { limit: 30 })).data);
    expect(products.total).toBe(6);
    expect(products.data[0]).toMatchObject({
      name: "USDT 7-day fixed savings",
      limit_days: 7,
      display_rate: "4.50",
      limit_number: "100",
      currency: { code: "USDT" },
    });
    const uid = c.userId("alice@example.com");
    const before = c.balances(uid, USDT).balance;
    expect((await c.call("submitLock", { id: products.data[0].id, number: "50" }, { token: alice })).msg).toBe(
      "the minimum amount is 100 USDT",
    );
    const r = await c.call("submitLock", { id: products.data[0].id, idempotency_key: "sv-1" }, { token: alice });
    expect(r).toMatchObject({ code: 1, msg: "savings purchased" });
    await c.call("submitLock", { id: products.data[0].id, idempotency_key: "sv-1" }, { token: alice });
    expect(minus(before, c.balances(uid, USDT).balance)).toBe("100");
    expect(c.balances(uid, USDT, "financial_account")).toEqual({ balance: "0", lock_balance: "100" });
    const held = SavingsHoldingPageSchema.parse((await c.call("currentSetting", {}, { token: alice })).data);
    expect(held.data[0]).toMatchObject({
      number: "100",
      daily_dividend: "0.012328",
      cumulative_income: "0",
      remaining_days: 7,
      status: "active",
      status_name: "in force",
    });
    const log = AccountLogPageSchema.parse((await c.call("savingsLog", {}, { token: alice })).data);
    expect(log.data.map((e) => e.type)).toEqual(["savings_lock", "savings_lock"]);
  });
});

describe("flash convert", () => {
  it("quotes from the live price with a 0.2 % spread and executes atomically against the treasury", async () => {
    const uid = c.userId("alice@example.com");
    const q = ConvertQuoteSchema.parse(
      (await c.call("convertQuote", { from_currency_id: USDT, to_currency_id: BTC, amount: "640" }, { token: alice })).data,
    );
    expect(q).toMatchObject({ spread: "0.002", ttl_ms: 10_000, from_currency: { code: "USDT" }, to_currency: { code: "BTC" } });
    expect(Number(q.mid_rate)).toBeCloseTo(1 / 64000, 12);
    expect(q.receive).toBe("0.00998");
    const usdtBefore = c.balances(uid, USDT).balance;
    const tBefore = c.balances(ex.system.treasuryId, BTC).balance;
    const r = await c.call("convertExecute", { quote_id: q.quote_id, idempotency_key: "cv-1" }, { token: alice });
    expect(r).toMatchObject({ code: 1, msg: "convert successful" });
    expect(ConvertSchema.parse(r.data)).toMatchObject({ amount: "640", receive: "0.00998" });
    expect((await c.call("convertExecute", { quote_id: q.quote_id, idempotency_key: "cv-1" }, { token: alice })).data).toEqual(r.data);
    expect((await c.call("convertExecute", { quote_id: q.quote_id }, { token: alice })).msg).toBe("this quote has already been used");
    expect(minus(usdtBefore, c.balances(uid, USDT).balance)).toBe("640");
    expect(c.balances(uid, BTC).balance).toBe("0.00998");
    expect(minus(tBefore, c.balances(ex.system.treasuryId, BTC).balance)).toBe("0.00998");
    const hist = ConvertPageSchema.parse((await c.call("convertHistory", {}, { token: alice })).data);
    expect(hist.total).toBe(1);
  });

  it("ends a user's open quotes when the operator says so: confirming one then answers the new rate", async () => {
    const uid = c.userId("alice@example.com");
    const q = ConvertQuoteSchema.parse(
      (await c.call("convertQuote", { from_currency_id: USDT, to_currency_id: BTC, amount: "10" }, { token: alice })).data,
    );
    expect(expireOpenQuotes(ex.db, uid, clock)).toBe(1);
    // Nothing is left open to end.
    expect(expireOpenQuotes(ex.db, uid, clock)).toBe(0);
    const r = await c.call("convertExecute", { quote_id: q.quote_id }, { token: alice });
    expect(r).toMatchObject({ code: 0, reason: { key: "convert_quote_expired" } });
    expect(ConvertQuoteSchema.parse(r.data).quote_id).not.toBe(q.quote_id);
  });

  it("answers an expired quote with code 0, the localized message and a fresh quote", async () => {
    const q = ConvertQuoteSchema.parse(
      (await c.call("convertQuote", { from_currency_id: USDT, to_currency_id: BTC, amount: "10" }, { token: alice })).data,
    );
    clock += 10_001;
    const r = await c.call("convertExecute", { quote_id: q.quote_id }, { token: alice, lang: "fr" });
    expect(r).toMatchObject({
      code: 0,
      msg: "le devis a expiré, veuillez confirmer le nouveau taux",
      reason: { key: "convert_quote_expired" },
    });
    const fresh = ConvertQuoteSchema.parse(r.data);
    expect(fresh.quote_id).not.toBe(q.quote_id);
    expect(fresh.expires_at).toBe(clock + 10_000);
    expect((await c.call("convertExecute", { quote_id: fresh.quote_id }, { token: alice })).code).toBe(1);
    expect((await c.call("convertQuote", { from_currency_id: USDT, to_currency_id: USDT, amount: "10" }, { token: alice })).msg).toBe(
      "choose two different currencies",
    );
    expect((await c.call("convertQuote", { from_currency_id: USDT, to_currency_id: BTC, amount: "100000" }, { token: alice })).code).toBe(
      1,
    );
    const big = ConvertQuoteSchema.parse(
      (await c.call("convertQuote", { from_currency_id: USDT, to_currency_id: BTC, amount: "100000" }, { token: alice })).data,
    );
    expect((await c.call("convertExecute", { quote_id: big.quote_id }, { token: alice })).msg).toBe("insufficient balance");
  });
});
