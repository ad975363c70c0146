import Decimal from "decimal.js";
import {
  ACCOUNT_CODES,
  ACCOUNT_TYPE_IDS,
  accountCodeOfTypeId,
  CODE_TYPE,
  LOCK_LIST_LIMIT,
  logCategoryOf,
  PAY_PASSWORD_LOCK_MS,
  PAY_PASSWORD_MAX_FAILS,
  passwordProblem,
  RECORDS_PAGE_SIZE,
  usdTotal,
  usdValue,
  withdrawalAmounts,
  type Account,
  type AccountCode,
  type AccountGroup,
  type AccountLogEntry,
} from "../../../app/contract/index";
import { SPOT_ACCOUNT } from "../../../app/contract/core/index";
import { fail, ok, type Answer, type Ctx, type Handlers } from "../context";
import { hashPassword, verifyPassword } from "../lib/crypto";
import { LedgerError, post } from "../ledger/index";
import { checkCode, consumeCode } from "../models/codes";
import { findUserById, normalizeAddress } from "../models/users";
import { boundAddresses, depositAddress } from "../money/addresses";
import { createQuote, executeQuote, toConvert, toQuote, type ConvertRow, type QuoteRow } from "../money/convert";
import { accountName, canonical, decimalsProblem, loadCurrencies, loadCurrency, protocolOf, toCurrency, usdPriceOf, type CurrencyRow } from "../money/currencies";
import { firstAnswer, once } from "../ledger/idempotency";
import { pageOf, pageWindow } from "../money/paging";
import { findDeposit, findWithdrawal, listDeposits, listWithdrawals, toDeposit, toWithdrawal } from "../money/review";
import { buyHolding, findHolding, findProduct, listProducts, toHolding, toLockProduct, type HoldingRow } from "../money/savings";
import { localTime } from "../lib/i18n";

type Priced = CurrencyRow & { usd: string };

function pricedCurrencies(ctx: Ctx): Map<number, Priced> {
  const out = new Map<number, Priced>();
  for (const c of loadCurrencies(ctx.db)) out.set(c.id, { ...c, usd: usdPriceOf(ctx.market, c.id, c.is_stable === 1) });
  return out;
}

interface AccountRow {
  id: number;
  user_id: number;
  currency_id: number;
  account_code: AccountCode;
  balance: string;
  lock_balance: string;
}

/** Every account a user can hold exists (balance 0 until something moves): ids are stable for the screens. */
function ensureAccounts(ctx: Ctx, userId: number): void {
  ctx.db
    .prepare(
      `INSERT INTO accounts (user_id, currency_id, account_code) SELECT ?, currency_id, account_code FROM currency_account_types WHERE true
       ON CONFLICT (user_id, currency_id, account_code) DO NOTHING`,
    )
    .run(userId);
}

function toAccount(ctx: Ctx, a: AccountRow, c: Priced): Account {
  return {
    id: a.id,
    user_id: a.user_id,
    currency_id: a.currency_id,
    currency_code: c.code,
    account_code: a.account_code,
    account_type_id: ACCOUNT_TYPE_IDS[a.account_code],
    balance: a.balance,
    lock_balance: a.lock_balance,
    convert_usd: usdValue(new Decimal(a.balance).plus(a.lock_balance).toFixed(), c.usd),
    currency: toCurrency(c, ctx.t, c.usd),
  };
}

function codesOf(ctx: Ctx): Map<number, string> {
  return new Map((ctx.db.prepare("SELECT id, code FROM currencies").all() as { id: number; code: string }[]).map((r) => [r.id, r.code]));
}

/** LedgerError → the message of a refused money movement. */
function ledgerFail(ctx: Ctx, err: unknown): Answer<never> {
  if (err instanceof LedgerError) return fail(ctx, err.reason === "insufficient_balance" ? "insufficient_balance" : "amount_invalid");
  throw err;
}

function availableOf(ctx: Ctx, userId: number, currencyId: number, code: AccountCode): Decimal {
  const row = ctx.db.prepare("SELECT balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?").get(userId, currencyId, code) as
    | { balance: string }
    | undefined;
  return new Decimal(row?.balance ?? "0");
}

// ---------------------------------------------------------------- account log
interface LogRow {
  id: number;
  currency_id: number;
  code: string;
  account_code: AccountCode;
  field: "balance" | "lock_balance";
  value: string;
  balance_after: string;
  type: string;
  memo: string;
  extra_data: string;
  created_at: number;
}

function logMemo(ctx: Ctx, r: LogRow, extra: Record<string, unknown>): string {
  const id = String(extra.order_id ?? extra.withdrawal_id ?? extra.deposit_id ?? extra.holding_id ?? extra.convert_id ?? extra.transfer_id ?? "");
  switch (r.type) {
    case "transfer": {
      const out = extra.from === r.account_code;
      const other = String(out ? extra.to : extra.from);
      const name = (ACCOUNT_CODES as readonly string[]).includes(other) ? accountName(ctx.t, other as AccountCode) : other;
      return ctx.t(out ? "log_transfer_out" : "log_transfer_in", { account: name });
    }
    case "withdrawal":
      return ctx.t(extra.stage === "paid" ? "log_withdrawal_paid" : "log_withdrawal_lock", { id });
    case "savings_interest":
      return ctx.t("log_savings_interest", { id, day: String(extra.day ?? "") });
    case "spot_lock":
    case "spot_unlock":
    case "spot_trade":
    case "spot_refund":
    case "spot_fee":
    case "deposit":
    case "seed":
    case "admin_credit":
    case "withdrawal_fee":
    case "withdrawal_refund":
    case "savings_lock":
    case "savings_return":
    case "convert":
      return ctx.t(`log_${r.type}`, { id });
    default:
      return ctx.t("log_other");
  }
}

function toLogEntry(ctx: Ctx, r: LogRow): AccountLogEntry {
  let extra: Record<string, unknown> = {};
  try {
    extra = JSON.parse(r.extra_data) as Record<string, unknown>;
  } catch {
    extra = {};
  }
  return {
    id: r.id,
    currency_id: r.currency_id,
    currency: { code: r.code },
    account_code: r.account_code,
    field: r.field,
    value: r.value,
    balance_after: r.balance_after,
    type: r.type,
    category: logCategoryOf(r.type),
    memo: logMemo(ctx, r, extra),
    extra_data: extra,
    created_at: r.created_at,
  };
}

function logPage(ctx: Ctx, where: string, args: unknown[], p: { page?: number; limit?: number }) {
  const { page, limit, offset } = pageWindow(p, RECORDS_PAGE_SIZE);
  const { total } = ctx.db.prepare(`SELECT COUNT(*) AS total FROM account_log l WHERE ${where}`).get(...args) as { total: number };
  const rows = ctx.db
    .prepare(
      `SELECT l.id, l.currency_id, c.code, l.account_code, l.field, l.value, l.balance_after, l.type, l.memo, l.extra_data, l.created_at
       FROM account_log l JOIN currencies c ON c.id = l.currency_id WHERE ${where} ORDER BY l.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...args, limit, offset) as LogRow[];
  return ok(ctx, pageOf(total, page, limit, rows.map((r) => toLogEntry(ctx, r))));
}

function accountLog(code: AccountCode) {
  return (p: { currency_id?: number; page?: number; limit?: number }, ctx: Ctx) => {
    const where = ["l.user_id = ?", "l.account_code = ?"];
    const args: unknown[] = [ctx.userId, code];
    if (p.currency_id !== undefined) (where.push("l.currency_id = ?"), args.push(p.currency_id));
    return logPage(ctx, where.join(" AND "), args, p);
  };
}

// ---------------------------------------------------------------- trade password
interface PayState {
  pay_password_hash: string | null;
  pay_password_fails: number;
  pay_password_locked_until: number | null;
}

function payState(ctx: Ctx, userId: number): PayState {
  return ctx.db.prepare("SELECT pay_password_hash, pay_password_fails, pay_password_locked_until FROM users WHERE id = ?").get(userId) as PayState;
}

function lockedMessage(ctx: Ctx, until: number): Answer<never> {
  return { ...fail(ctx, "pay_password_locked", { time: localTime(until, ctx.lang) }, "pay_password"), data: { locked_until: until } as never };
}

/**
 * Checks the trade password: a wrong one counts; the fifth wrong one in a row locks withdrawals for 15 minutes.
 * Returns null when it is right (and clears the count).
 */
async function checkPayPassword(ctx: Ctx, userId: number, password: string): Promise<Answer<never> | null> {
  const st = payState(ctx, userId);
  if (st.pay_password_locked_until !== null && st.pay_password_locked_until > ctx.now) return lockedMessage(ctx, st.pay_password_locked_until);
  if (!st.pay_password_hash) return fail(ctx, "pay_password_not_set");
  const good = await verifyPassword(password, st.pay_password_hash);
  if (good) {
    ctx.db.prepare("UPDATE users SET pay_password_fails = 0, pay_password_locked_until = NULL WHERE id = ?").run(userId);
    return null;
  }
  const until = ctx.now + PAY_PASSWORD_LOCK_MS;
  const row = ctx.db.transaction(() => {
    ctx.db.prepare("UPDATE users SET pay_password_fails = pay_password_fails + 1 WHERE id = ?").run(userId);
    const r = ctx.db.prepare("SELECT pay_password_fails AS n FROM users WHERE id = ?").get(userId) as { n: number };
    if (r.n >= PAY_PASSWORD_MAX_FAILS) ctx.db.prepare("UPDATE users SET pay_password_fails = 0, pay_password_locked_until = ? WHERE id = ?").run(until, userId);
    return r;
  })();
  if (row.n >= PAY_PASSWORD_MAX_FAILS) return lockedMessage(ctx, until);
  return fail(ctx, "pay_password_incorrect");
}

// ---------------------------------------------------------------- handlers
type MoneyCalls =
  | "accountList"
  | "accountDetail"
  | "wallet"
  | "createPayOrder"
  | "depositList"
  | "draw"
  | "drawList"
  | "transfer"
  | "transferLog"
  | "currencyProtocols"
  | "accountLogChange"
  | "accountLogLegal"
  | "accountLogLever"
  | "accountLogMicro"
  | "accountLogFinancial"
  | "amendPayPassword"
  | "lockList"
  | "currentSetting"
  | "submitLock"
  | "savingsLog"
  | "convertQuote"
  | "convertExecute"
  | "convertHistory";

export const moneyHandlers: Pick<Handlers, MoneyCalls> = {
  accountList(_p, ctx) {
    const userId = ctx.userId!;
    ensureAccounts(ctx, userId);
    const currencies = pricedCurrencies(ctx);
    const rows = ctx.db.prepare("SELECT id, user_id, currency_id, account_code, balance, lock_balance FROM accounts WHERE user_id = ?").all(userId) as AccountRow[];
    const order = [...currencies.keys()];
    rows.sort((a, b) => order.indexOf(a.currency_id) - order.indexOf(b.currency_id));
    const groups: AccountGroup[] = ACCOUNT_CODES.map((code) => {
      const mine = rows.filter((r) => r.account_code === code && currencies.has(r.currency_id));
      return {
        account_code: code,
        account_type_id: ACCOUNT_TYPE_IDS[code],
        name: accountName(ctx.t, code),
        is_recharge: code === SPOT_ACCOUNT ? 1 : 0,
        convert_usd: usdTotal(mine.map((a) => ({ total: new Decimal(a.balance).plus(a.lock_balance).toFixed(), usdPrice: currencies.get(a.currency_id)!.usd }))),
        accounts: mine.map((a) => toAccount(ctx, a, currencies.get(a.currency_id)!)),
      };
    });
    return ok(ctx, groups);
  },

  accountDetail(p, ctx) {
    const userId = ctx.userId!;
    const code = accountCodeOfTypeId(p.account_type_id)!;
    const c = pricedCurrencies(ctx).get(p.currency_id);
    if (!c) return fail(ctx, "currency_not_found");
    ensureAccounts(ctx, userId);
    ctx.db
      .prepare("INSERT INTO accounts (user_id, currency_id, account_code) VALUES (?, ?, ?) ON CONFLICT (user_id, currency_id, account_code) DO NOTHING")
      .run(userId, c.id, code);
    const a = ctx.db.prepare("SELECT * FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = ?").get(userId, c.id, code) as AccountRow;
    if (p.id !== undefined && p.id !== a.id) return fail(ctx, "account_not_found");
    return ok(ctx, toAccount(ctx, a, c));
  },

  wallet(p, ctx) {
    const c = loadCurrency(ctx.db, p.currency_id);
    if (!c) return fail(ctx, "currency_not_found");
    if (c.open_recharge !== 1) return fail(ctx, "recharge_closed", { code: c.code });
    const proto = protocolOf(c, p.currency_protocol_id);
    if (!proto) return fail(ctx, "chain_not_found");
    const d = depositAddress(ctx.db, ctx.userId!, c, proto, ctx.now);
    return ok(ctx, {
      currency_id: c.id,
      currency_code: c.code,
      currency_protocol_id: proto.id,
      chain_protocol: { id: proto.chain_id, code: proto.chain },
      address: d.address,
      memo: d.memo,
    });
  },

  createPayOrder(p, ctx) {
    const userId = ctx.userId!;
    const seen = firstAnswer<never>(ctx.db, userId, "createPayOrder", p.idempotency_key);
    if (seen) return seen;
    const c = loadCurrency(ctx.db, p.currency_id);
    if (!c) return fail(ctx, "currency_not_found");
    if (c.open_recharge !== 1) return fail(ctx, "recharge_closed", { code: c.code });
    const proto = protocolOf(c, p.currency_protocol_id);
    if (p.currency_protocol_id !== undefined && !proto) return fail(ctx, "chain_not_found");
    const dec = decimalsProblem(p.chargeNum, c.decimals);
    if (dec) return fail(ctx, dec.key, dec.vars);
    const amount = canonical(p.chargeNum);
    return once(ctx.db, userId, "createPayOrder", p.idempotency_key, ctx.now, () => {
      const r = ctx.db
        .prepare("INSERT INTO deposits (user_id, currency_id, protocol_id, amount, in_address, wallet_address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .run(userId, c.id, proto?.id ?? null, amount, p.in_address, p.walletAddress, ctx.now);
      return ok(ctx, toDeposit(findDeposit(ctx.db, Number(r.lastInsertRowid))!, ctx.t), "deposit_submitted");
    });
  },

  depositList(p, ctx) {
    const { page, limit, offset } = pageWindow(p, RECORDS_PAGE_SIZE);
    const { total, rows } = listDeposits(ctx.db, { userId: ctx.userId!, limit, offset });
    return ok(ctx, pageOf(total, page, limit, rows.map((r) => toDeposit(r, ctx.t))));
  },

  async draw(p, ctx) {
    const userId = ctx.userId!;
    const seen = firstAnswer<never>(ctx.db, userId, "draw", p.idempotency_key);
    if (seen) return seen;
    const c = loadCurrency(ctx.db, p.currency_id);
    if (!c) return fail(ctx, "currency_not_found");
    if (c.open_draw !== 1) return fail(ctx, "draw_closed", { code: c.code });
    const proto = protocolOf(c, p.currency_protocol_id);
    if (!proto) return fail(ctx, "chain_not_found");
    const bound = boundAddresses(ctx.db, userId, c.id, proto.id);
    if (bound.length === 0) return fail(ctx, "bind_address_first");
    // The entry with exactly this address and memo: one address can be bound with several memos
    // (an exchange's shared deposit address), and the memo decides whose account is credited. Without
    // a memo, the address must be bound once only, so there is no doubt which entry is meant.
    const sameAddress = bound.filter((b) => b.address === p.address);
    const entry = sameAddress.find((b) => b.memo === p.memo) ?? (p.memo === "" && sameAddress.length === 1 ? sameAddress[0] : undefined);
    if (!entry) return fail(ctx, "address_not_bound");
    const dec = decimalsProblem(p.number, c.decimals);
    if (dec) return fail(ctx, dec.key, dec.vars);
    const amount = new Decimal(p.number);
    if (amount.lt(c.draw_min)) return fail(ctx, "draw_min", { min: c.draw_min, code: c.code });
    if (new Decimal(c.draw_max).gt(0) && amount.gt(c.draw_max)) return fail(ctx, "draw_max", { max: c.draw_max, code: c.code });
    // A cheap look first (the authoritative check is the ledger's, inside the transaction below).
    if (availableOf(ctx, userId, c.id, SPOT_ACCOUNT).lt(amount)) return fail(ctx, "insufficient_balance");
    const refused = await checkPayPassword(ctx, userId, p.pay_password);
    if (refused) return refused;
    const amountStr = amount.toFixed();
    const { fee, received } = withdrawalAmounts(amountStr, c.draw_rate, c.decimals);
    try {
      return once(ctx.db, userId, "draw", p.idempotency_key, ctx.now, () => {
        const r = ctx.db
          .prepare(
            "INSERT INTO withdrawals (user_id, currency_id, protocol_id, address, memo, amount, fee, received, rate, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
          )
          .run(userId, c.id, proto.id, entry.address, entry.memo, amountStr, fee, received, c.draw_rate, ctx.now);
        const id = Number(r.lastInsertRowid);
        const account = { userId, currencyId: c.id, accountCode: SPOT_ACCOUNT } as const;
        post(ctx.db, {
          type: "withdrawal",
          memo: `withdrawal #${id} locked`,
          extra: { withdrawal_id: id, stage: "locked" },
          now: ctx.now,
          legs: [
            { ...account, amount: `-${amountStr}` },
            { ...account, field: "lock_balance", amount: amountStr },
          ],
        });
        return ok(ctx, toWithdrawal(findWithdrawal(ctx.db, id)!, ctx.t), "draw_submitted");
      });
    } catch (err) {
      return ledgerFail(ctx, err);
    }
  },

  drawList(p, ctx) {
    const { page, limit, offset } = pageWindow(p, RECORDS_PAGE_SIZE);
    const { total, rows } = listWithdrawals(ctx.db, { userId: ctx.userId!, limit, offset });
    return ok(ctx, pageOf(total, page, limit, rows.map((r) => toWithdrawal(r, ctx.t))));
  },

  transfer(p, ctx) {
    const userId = ctx.userId!;
    const seen = firstAnswer<never>(ctx.db, userId, "transfer", p.idempotency_key);
    if (seen) return seen;
    const c = loadCurrency(ctx.db, p.currency_id);
    if (!c) return fail(ctx, "currency_not_found");
    if (c.is_recharge_account !== 1 || c.accountCodes.length < 2) return fail(ctx, "transfer_not_available", { code: c.code });
    if (p.from === p.to) return fail(ctx, "transfer_same_account");
    for (const code of [p.from, p.to]) {
      if (!c.accountCodes.includes(code)) return fail(ctx, "transfer_account_not_supported", { account: accountName(ctx.t, code), code: c.code });
    }
    const dec = decimalsProblem(p.balance, c.decimals);
    if (dec) return fail(ctx, dec.key, dec.vars);
    const amount = canonical(p.balance);
    try {
      return once(ctx.db, userId, "transfer", p.idempotency_key, ctx.now, () => {
        const r = ctx.db
          .prepare("INSERT INTO transfers (user_id, currency_id, from_code, to_code, amount, created_at) VALUES (?, ?, ?, ?, ?, ?)")
          .run(userId, c.id, p.from, p.to, amount, ctx.now);
        const id = Number(r.lastInsertRowid);
        post(ctx.db, {
          type: "transfer",
          memo: `transfer #${id}`,
          extra: { transfer_id: id, from: p.from, to: p.to },
          now: ctx.now,
          legs: [
            { userId, currencyId: c.id, accountCode: p.from, amount: `-${amount}` },
            { userId, currencyId: c.id, accountCode: p.to, amount },
          ],
        });
        return ok(ctx, transferOf(ctx, { id, currency_id: c.id, code: c.code, from_code: p.from, to_code: p.to, amount, created_at: ctx.now }), "transfer_ok");
      });
    } catch (err) {
      return ledgerFail(ctx, err);
    }
  },

  transferLog(p, ctx) {
    const { page, limit, offset } = pageWindow(p, RECORDS_PAGE_SIZE);
    const where = ["t.user_id = ?"];
    const args: unknown[] = [ctx.userId];
    if (p.currency_id !== undefined) (where.push("t.currency_id = ?"), args.push(p.currency_id));
    const w = where.join(" AND ");
    const { total } = ctx.db.prepare(`SELECT COUNT(*) AS total FROM transfers t WHERE ${w}`).get(...args) as { total: number };
    const rows = ctx.db
      .prepare(`SELECT t.*, c.code FROM transfers t JOIN currencies c ON c.id = t.currency_id WHERE ${w} ORDER BY t.id DESC LIMIT ? OFFSET ?`)
      .all(...args, limit, offset) as TransferRow[];
    return ok(ctx, pageOf(total, page, limit, rows.map((r) => transferOf(ctx, r))));
  },

  currencyProtocols(_p, ctx) {
    const currencies = pricedCurrencies(ctx);
    return ok(
      ctx,
      [...currencies.values()].filter((c) => c.protocols.length > 0).map((c) => toCurrency(c, ctx.t, c.usd)),
    );
  },

  accountLogChange: accountLog("change_account"),
  accountLogLegal: accountLog("legal_account"),
  accountLogLever: accountLog("lever_account"),
  accountLogMicro: accountLog("micro_account"),
  accountLogFinancial: accountLog("financial_account"),

  async amendPayPassword(p, ctx) {
    const userId = ctx.userId!;
    if (p.password === "") return fail(ctx, "pay_password_required");
    const problem = passwordProblem(p.password);
    if (problem) return fail(ctx, `password_${problem}`);
    if (p.re_password === "") return fail(ctx, "repeat_password_required");
    if (p.re_password !== p.password) return fail(ctx, "password_mismatch");
    if (p.auth_code === "") return fail(ctx, "code_required");
    const user = findUserById(ctx.db, userId);
    if (!user) return { code: 999, msg: ctx.t("login_timeout") };
    const address = user.email ? normalizeAddress("email", user.email) : normalizeAddress("sms", user.mobile ?? "");
    const codeId = checkCode(ctx.db, address, CODE_TYPE.TRADE_PASSWORD, p.auth_code, ctx.now);
    if (codeId == null) return fail(ctx, "code_invalid");
    const hash = await hashPassword(p.password);
    ctx.db.transaction(() => {
      ctx.db.prepare("UPDATE users SET pay_password_hash = ?, pay_password_fails = 0, pay_password_locked_until = NULL WHERE id = ?").run(hash, userId);
      consumeCode(ctx.db, codeId, ctx.now);
    })();
    return ok(ctx, null, "pay_password_saved");
  },

  lockList(p, ctx) {
    const { page, limit, offset } = pageWindow(p, LOCK_LIST_LIMIT, LOCK_LIST_LIMIT);
    const { total, rows } = listProducts(ctx.db, limit, offset);
    return ok(ctx, pageOf(total, page, limit, rows.map((r) => toLockProduct(r, ctx.t))));
  },

  currentSetting(p, ctx) {
    const { page, limit, offset } = pageWindow(p, LOCK_LIST_LIMIT, LOCK_LIST_LIMIT);
    const { total } = ctx.db.prepare("SELECT COUNT(*) AS total FROM savings_holdings WHERE user_id = ?").get(ctx.userId) as { total: number };
    const rows = ctx.db
      .prepare(
        `SELECT h.*, c.code FROM savings_holdings h JOIN currencies c ON c.id = h.currency_id WHERE h.user_id = ?
         ORDER BY h.status = 'active' DESC, h.id DESC LIMIT ? OFFSET ?`,
      )
      .all(ctx.userId, limit, offset) as (HoldingRow & { code: string })[];
    return ok(ctx, pageOf(total, page, limit, rows.map((r) => toHolding(r, ctx.t))));
  },

  submitLock(p, ctx) {
    const userId = ctx.userId!;
    const seen = firstAnswer<never>(ctx.db, userId, "submitLock", p.idempotency_key);
    if (seen) return seen;
    const product = findProduct(ctx.db, p.id);
    if (!product || product.open !== 1) return fail(ctx, "savings_product_not_found");
    const number = p.number ?? product.limit_number;
    const dec = decimalsProblem(number, product.decimals);
    if (dec) return fail(ctx, dec.key, dec.vars);
    const amount = new Decimal(number);
    if (amount.lt(product.limit_number)) return fail(ctx, "savings_min", { min: product.limit_number, code: product.code });
    if (amount.gt(product.max_number)) return fail(ctx, "savings_max", { max: product.max_number, code: product.code });
    try {
      return once(ctx.db, userId, "submitLock", p.idempotency_key, ctx.now, () => {
        const id = buyHolding(ctx.db, userId, product, amount.toFixed(), ctx.now);
        return ok(ctx, toHolding(findHolding(ctx.db, id)!, ctx.t), "savings_bought");
      });
    } catch (err) {
      return ledgerFail(ctx, err);
    }
  },

  savingsLog(p, ctx) {
    return logPage(ctx, "l.user_id = ? AND l.type IN ('savings_lock', 'savings_interest', 'savings_return')", [ctx.userId], p);
  },

  convertQuote(p, ctx) {
    if (p.from_currency_id === p.to_currency_id) return fail(ctx, "convert_same_currency");
    const from = loadCurrency(ctx.db, p.from_currency_id);
    const to = loadCurrency(ctx.db, p.to_currency_id);
    if (!from || !to) return fail(ctx, "currency_not_found");
    const dec = decimalsProblem(p.amount, from.decimals);
    if (dec) return fail(ctx, dec.key, dec.vars);
    const q = createQuote(ctx.db, ctx.market, ctx.userId!, from, to, canonical(p.amount), ctx.now);
    if (new Decimal(q.rate).lte(0)) return fail(ctx, "convert_no_price");
    if (new Decimal(q.receive).lte(0)) return fail(ctx, "convert_amount_too_small");
    return ok(ctx, toQuote(q, codesOf(ctx)));
  },

  convertExecute(p, ctx) {
    const userId = ctx.userId!;
    const seen = firstAnswer<never>(ctx.db, userId, "convertExecute", p.idempotency_key);
    if (seen) return seen;
    const q = ctx.db.prepare("SELECT * FROM convert_quotes WHERE id = ?").get(p.quote_id) as QuoteRow | undefined;
    if (!q || q.user_id !== userId) return fail(ctx, "convert_quote_not_found");
    if (q.used_at !== null) return fail(ctx, "convert_quote_used");
    if (ctx.now > q.expires_at) {
      const from = loadCurrency(ctx.db, q.from_currency_id)!;
      const to = loadCurrency(ctx.db, q.to_currency_id)!;
      const fresh = createQuote(ctx.db, ctx.market, userId, from, to, q.amount, ctx.now);
      return { ...fail(ctx, "convert_quote_expired"), data: toQuote(fresh, codesOf(ctx)) as never };
    }
    try {
      return once(ctx.db, userId, "convertExecute", p.idempotency_key, ctx.now, () => {
        // Re-read inside the transaction: a racing execute of the same quote may have used it.
        const cur = ctx.db.prepare("SELECT used_at FROM convert_quotes WHERE id = ?").get(q.id) as { used_at: number | null };
        if (cur.used_at !== null) return fail(ctx, "convert_quote_used");
        const treasury = new Decimal(
          (ctx.db
            .prepare("SELECT balance FROM accounts WHERE user_id = ? AND currency_id = ? AND account_code = 'change_account'")
            .get(ctx.system.treasuryId, q.to_currency_id) as { balance: string } | undefined)?.balance ?? "0",
        );
        if (treasury.lt(q.receive)) return fail(ctx, "convert_unavailable");
        const row = executeQuote(ctx.db, ctx.system.treasuryId, q, ctx.now);
        return ok(ctx, toConvert(row, codesOf(ctx)), "convert_ok");
      });
    } catch (err) {
      return ledgerFail(ctx, err);
    }
  },

  convertHistory(p, ctx) {
    const { page, limit, offset } = pageWindow(p, RECORDS_PAGE_SIZE);
    const { total } = ctx.db.prepare("SELECT COUNT(*) AS total FROM converts WHERE user_id = ?").get(ctx.userId) as { total: number };
    const rows = ctx.db.prepare("SELECT * FROM converts WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?").all(ctx.userId, limit, offset) as ConvertRow[];
    const codes = codesOf(ctx);
    return ok(ctx, pageOf(total, page, limit, rows.map((r) => toConvert(r, codes))));
  },
};

interface TransferRow {
  id: number;
  currency_id: number;
  code: string;
  from_code: AccountCode;
  to_code: AccountCode;
  amount: string;
  created_at: number;
}

function transferOf(ctx: Ctx, r: TransferRow) {
  return {
    id: r.id,
    currency: { id: r.currency_id, code: r.code },
    balance: r.amount,
    from: r.from_code,
    to: r.to_code,
    from_name: accountName(ctx.t, r.from_code),
    to_name: accountName(ctx.t, r.to_code),
    created_at: r.created_at,
  };
}
