import Decimal from "decimal.js";
import { ACCOUNT_CODES, ACCOUNT_TYPE_IDS, decimalPlacesOf, type AccountCode, type Currency } from "../../../app/contract/index";
import type { DB } from "../db/index";
import type { Translate } from "../lib/i18n";
import type { Market } from "../market";

/** Chains whose addresses need a memo / destination tag. */
export const MEMO_CHAINS = new Set(["XRP"]);

/** How an answer names a row's currency: its id and code (the row's `currency_id` and the `code` joined to it). */
export function currencyRef(r: { currency_id: number; code: string }): { id: number; code: string } {
  return { id: r.currency_id, code: r.code };
}

export interface CurrencyRow {
  id: number;
  code: string;
  name: string;
  decimals: number;
  is_stable: number;
  open_recharge: number;
  open_draw: number;
  draw_rate: string;
  draw_min: string;
  draw_max: string;
  recharge_min: string;
  is_recharge_account: number;
  sort: number;
  accountCodes: AccountCode[];
  protocols: ProtocolRow[];
}

export interface ProtocolRow {
  id: number;
  currency_id: number;
  chain_id: number;
  chain: string;
  token_address: string;
  in_address: string;
}

/** Every currency with its account types and chains, in display order. */
export function loadCurrencies(db: DB): CurrencyRow[] {
  const rows = db
    .prepare(
      `SELECT id, code, name, decimals, is_stable, open_recharge, open_draw, draw_rate, draw_min, draw_max, recharge_min, is_recharge_account, sort
       FROM currencies ORDER BY sort, id`,
    )
    .all() as Omit<CurrencyRow, "accountCodes" | "protocols">[];
  const types = db.prepare("SELECT currency_id, account_code FROM currency_account_types").all() as {
    currency_id: number;
    account_code: AccountCode;
  }[];
  const protos = db
    .prepare(
      `SELECT cp.id, cp.currency_id, cp.chain_protocol_id AS chain_id, ch.code AS chain, cp.token_address, cp.in_address
       FROM currency_protocols cp JOIN chain_protocols ch ON ch.id = cp.chain_protocol_id ORDER BY cp.id`,
    )
    .all() as ProtocolRow[];
  return rows.map((r) => ({
    ...r,
    accountCodes: ACCOUNT_CODES.filter((c) => types.some((t) => t.currency_id === r.id && t.account_code === c)),
    protocols: protos.filter((p) => p.currency_id === r.id),
  }));
}

export function loadCurrency(db: DB, id: number): CurrencyRow | undefined {
  return loadCurrencies(db).find((c) => c.id === id);
}

/** The chain of a currency: the one asked for, or its first. */
export function protocolOf(c: CurrencyRow, protocolId?: number): ProtocolRow | undefined {
  return protocolId === undefined ? c.protocols[0] : c.protocols.find((p) => p.id === protocolId);
}

/**
 * Live USD price of a currency: 1 for the stable coin; else the last trade of its open X/USDT pair (the engine's
 * price); else the simulator's reference USD price.
 */
export function usdPriceOf(market: Market, currencyId: number, stable = false): string {
  if (stable) return "1";
  for (const p of market.pairs.values()) {
    if (p.baseId === currencyId && p.quoteCode === "USDT" && p.openChange === 1) {
      const price = market.price(p.id);
      if (new Decimal(price).gt(0)) return price;
    }
  }
  return market.usdPrice(currencyId);
}

export function accountName(t: Translate, code: AccountCode): string {
  return t(`account_name_${code}`);
}

export function toCurrency(c: CurrencyRow, t: Translate, usdPrice: string): Currency {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    decimals: c.decimals,
    usd_price: usdPrice,
    open_recharge: c.open_recharge,
    open_draw: c.open_draw,
    draw_rate: c.draw_rate,
    draw_min: c.draw_min,
    draw_max: c.draw_max,
    recharge_min: c.recharge_min,
    is_recharge_account: c.is_recharge_account,
    account_types: c.accountCodes.map((code) => ({ id: ACCOUNT_TYPE_IDS[code], name: accountName(t, code), account_code: code })),
    currency_protocols: c.protocols.map((p) => ({
      id: p.id,
      chain_protocol: { id: p.chain_id, code: p.chain },
      token_address: p.token_address,
      in_address: p.in_address,
      needs_memo: MEMO_CHAINS.has(p.chain) ? 1 : 0,
    })),
  };
}

/** null when `amount` fits the currency's decimals, else the message key and vars. */
export function decimalsProblem(amount: string, decimals: number): { key: string; vars: Record<string, number> } | null {
  return decimalPlacesOf(amount) > decimals ? { key: "amount_decimals", vars: { decimals } } : null;
}

/** Canonical form of a validated plain decimal ('010.50' → '10.5'). */
export function canonical(amount: string): string {
  return new Decimal(amount).toFixed();
}
