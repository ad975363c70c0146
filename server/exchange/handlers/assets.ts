import Decimal from "decimal.js";
import {
  ACCOUNT_CODES,
  ACCOUNT_TYPE_IDS,
  accountCodeOfTypeId,
  logCategoryOf,
  RECORDS_PAGE_SIZE,
  usdTotal,
  usdValue,
  type Account,
  type AccountCode,
  type AccountGroup,
  type AccountLogEntry,
} from "../../../app/contract/index";
import { SPOT_ACCOUNT } from "../../../app/contract/core/index";
import { ok, fail, type Ctx, type Handlers } from "../context";
import { accountOf, ensureAccounts, listAccounts, listLog, type AccountRow, type LogRow } from "../models/accounts";
import { accountName, toCurrency } from "../money/currencies";
import { pageAnswer, pageWindow } from "../money/paging";
import { pricedCurrencies, type Priced } from "./money-common";

// Assets: the account list and detail, the currencies with chains, the account logs.

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

/** Kinds whose locked-column row is worded apart ('margin held' beside 'margin and fee paid'). */
const LOCK_WORDED: ReadonlySet<string> = new Set(["lever_open", "lever_reserve", "micro_stake", "p2p_release"]);

function logMemo(ctx: Ctx, r: LogRow, extra: Record<string, unknown>): string {
  const id = String(
    extra.order_id ?? extra.withdrawal_id ?? extra.deposit_id ?? extra.holding_id ?? extra.convert_id ?? extra.transfer_id ?? "",
  );
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
    // Lever, second contract and fiat rows: the position, order or ad, and what the row did to the balance (a few
    // kinds say it differently for the locked column: the margin held, the coins released).
    case "lever_open":
    case "lever_reserve":
    case "lever_cancel":
    case "lever_margin_release":
    case "lever_fee":
    case "lever_profit":
    case "lever_overnight":
    case "micro_stake":
    case "micro_fee":
    case "micro_win":
    case "micro_tie":
    case "micro_lose":
    case "p2p_ad_lock":
    case "p2p_ad_unlock":
    case "p2p_escrow":
    case "p2p_release":
    case "p2p_return": {
      const of = String(extra.lever_order_id ?? extra.micro_order_id ?? extra.p2p_order_id ?? extra.p2p_ad_id ?? "");
      const lock = r.field === "lock_balance" && LOCK_WORDED.has(r.type) ? "_lock" : "";
      return ctx.t(`log_${r.type}${lock}`, { id: of });
    }
    case "lever_loss":
      return ctx.t(extra.reason === "liquidation" ? "log_lever_liquidation" : "log_lever_loss", { id: String(extra.lever_order_id ?? "") });
    default:
      return ctx.t("log_other");
  }
}

export function toLogEntry(ctx: Ctx, r: LogRow): AccountLogEntry {
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
    category: logCategoryOf(r.type, extra),
    memo: logMemo(ctx, r, extra),
    extra_data: extra,
    created_at: r.created_at,
  };
}

export function logPage(ctx: Ctx, where: string, args: unknown[], p: { page?: number; limit?: number }) {
  const list = (limit: number, offset: number) => listLog(ctx.db, where, args, limit, offset);
  return pageAnswer(ctx, pageWindow(p, RECORDS_PAGE_SIZE), list, (r) => toLogEntry(ctx, r));
}

function accountLog(code: AccountCode) {
  return (p: { currency_id?: number; page?: number; limit?: number }, ctx: Ctx) => {
    const where = ["l.user_id = ?", "l.account_code = ?"];
    const args: unknown[] = [ctx.userId, code];
    if (p.currency_id !== undefined) {
      where.push("l.currency_id = ?");
      args.push(p.currency_id);
    }
    return logPage(ctx, where.join(" AND "), args, p);
  };
}

type AssetCalls =
  | "accountList"
  | "accountDetail"
  | "currencyProtocols"
  | "accountLogChange"
  | "accountLogLegal"
  | "accountLogLever"
  | "accountLogMicro"
  | "accountLogFinancial";

export const assetHandlers: Pick<Handlers, AssetCalls> = {
  accountList(_p, ctx) {
    const userId = ctx.userId!;
    ensureAccounts(ctx.db, userId);
    const currencies = pricedCurrencies(ctx);
    const rows = listAccounts(ctx.db, userId);
    const order = [...currencies.keys()];
    rows.sort((a, b) => order.indexOf(a.currency_id) - order.indexOf(b.currency_id));
    const groups: AccountGroup[] = ACCOUNT_CODES.map((code) => {
      const mine = rows.filter((r) => r.account_code === code && currencies.has(r.currency_id));
      return {
        account_code: code,
        account_type_id: ACCOUNT_TYPE_IDS[code],
        name: accountName(ctx.t, code),
        is_recharge: code === SPOT_ACCOUNT ? 1 : 0,
        convert_usd: usdTotal(
          mine.map((a) => ({ total: new Decimal(a.balance).plus(a.lock_balance).toFixed(), usdPrice: currencies.get(a.currency_id)!.usd })),
        ),
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
    ensureAccounts(ctx.db, userId);
    const a: AccountRow = accountOf(ctx.db, userId, c.id, code);
    if (p.id !== undefined && p.id !== a.id) return fail(ctx, "account_not_found");
    return ok(ctx, toAccount(ctx, a, c));
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
};
