import { readFileSync } from "node:fs";
import { z } from "zod";
import { ACCOUNT_CODES, SETTING_KEYS, type AccountCode } from "../../../app/contract/index";
import type { DB } from "./index";
import { NEWS_CATEGORIES } from "./news";
import { seedReference } from "./seed";

/**
 * The operator's listing: what a real exchange (DEMO=off) trades and shows, read from one JSON file (EXCHANGE_CONFIG)
 * at every start of the exchange and applied to the database in one transaction. The demo's listing is built in
 * (db/seed.ts); this file replaces it for a real exchange. docs/decisions/017 says why JSON and why at start.
 *
 * Rules that keep a running exchange's data whole:
 * - currencies are matched by code and pairs by base/quote: a listed one is added, a known one is updated;
 * - a currency's decimals never change once listed (balances are stored at them);
 * - nothing is ever deleted: a currency or pair in the database must stay in the file (close it with its flags).
 */

const decimalText = z
  .string()
  .regex(/^\d{1,18}(\.\d{1,18})?$/, 'must be a decimal number written as a string, like "0.001"')
  .refine((v) => v.length <= 40, "is too long");
const positiveDecimal = decimalText.refine((v) => Number(v) > 0, "must be more than 0");
const rate = decimalText.refine((v) => Number(v) < 1, "must be a fraction below 1 (0.001 is 0.1 %)");
const code = z.string().regex(/^[A-Z][A-Z0-9]{1,11}$/, "must be 2 to 12 capital letters or digits, starting with a letter");
const text = (max: number) => z.string().trim().min(1).max(max);

const ChainOfCurrency = z
  .object({
    /** A chain named in `chains`. */
    chain: code,
    /** Where users send deposits on this chain (shown on the deposit screen). */
    depositAddress: text(200),
    /** The token's contract on this chain; empty for the chain's own coin. */
    tokenAddress: z.string().trim().max(200).default(""),
  })
  .strict();

const Currency = z
  .object({
    code,
    name: text(60),
    /** Decimal places balances are kept at; fixed once listed. */
    decimals: z.number().int().min(0).max(8),
    /** A reference price in US dollars: valuations and the opening price of a pair before its first trade. */
    usdPrice: positiveDecimal,
    /** May be the quote of a pair (and is offered in fiat P2P and savings). */
    quote: z.boolean().default(false),
    stable: z.boolean().default(false),
    deposit: z.boolean().default(true),
    withdraw: z.boolean().default(true),
    /** Transfers between a user's accounts. */
    transfer: z.boolean().default(true),
    withdrawal: z
      .object({
        /** Fee as a fraction of the amount (0.001 = 0.1 %). */
        feeRate: rate,
        min: decimalText,
        /** "0": no maximum. */
        max: decimalText,
      })
      .strict(),
    /** The accounts a user may hold it in (default: the spot account only). */
    accounts: z.array(z.enum(ACCOUNT_CODES)).min(1).default(["change_account"]),
    chains: z.array(ChainOfCurrency).min(1),
  })
  .strict();

const Pair = z
  .object({
    base: code,
    quote: code,
    pricePrecision: z.number().int().min(0).max(8),
    amountPrecision: z.number().int().min(0).max(8),
    /** Spot trading (false: listed, closed). */
    spot: z.boolean().default(true),
    /** Leveraged contracts, with their terms. */
    lever: z
      .object({
        /** Percent spread on the open price. */
        pointRate: decimalText,
        /** Base units per hand. */
        shareSize: positiveDecimal,
        /** Fee as a fraction of the position's value. */
        feeRate: rate,
      })
      .strict()
      .optional(),
    /** The up/down second contract. */
    second: z.boolean().default(false),
  })
  .strict();

const SavingsProduct = z
  .object({
    currency: code,
    days: z.number().int().min(1).max(3650),
    /** A fraction per year (0.05 = 5 %). */
    annualRate: rate,
    /** The standard (and smallest) amount of one purchase. */
    min: positiveDecimal,
    max: positiveDecimal,
    open: z.boolean().default(true),
  })
  .strict();

const CATEGORY_NAMES = NEWS_CATEGORIES.map(([, name]) => name) as [string, ...string[]];

const Article = z
  .object({
    /** Stable id: the same id updates the article. */
    id: z.number().int().min(1).max(1_000_000),
    category: z.enum(CATEGORY_NAMES),
    title: text(200),
    /** HTML (sanitized when shown). */
    content: text(100_000),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/, "must be YYYY-MM-DD or YYYY-MM-DD HH:MM (UTC)"),
    banner: z.string().max(500).default(""),
  })
  .strict();

const minutes = z.number().int().min(1).max(1440);

const Settings = z
  .object({
    contact_email: z.string().max(200).optional(),
    contact_mobile: z.string().max(60).optional(),
    service_url: z.string().max(500).optional(),
    app_download_url: z.string().max(500).optional(),
    /** Show the home screen's notice pop-up. */
    popup_on: z.boolean().optional(),
    /** Offer sign-in by mobile number and SMS (needs an SMS gateway). */
    login_use_sms: z.boolean().optional(),
  })
  .strict();

export const ListingSchema = z
  .object({
    /** A free-text note for the people who edit this file (JSON has no comments). */
    note: z.string().optional(),
    chains: z.array(code).min(1),
    currencies: z.array(Currency).min(1),
    pairs: z.array(Pair).default([]),
    savings: z.array(SavingsProduct).default([]),
    p2p: z.object({ payMinutes: minutes, confirmMinutes: minutes }).strict().optional(),
    settings: Settings.default({}),
    news: z.array(Article).default([]),
  })
  .strict()
  .superRefine((l, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
    const dupes = (values: string[], path: string) =>
      values.forEach((v, i) => values.indexOf(v) !== i && issue([path, i], `${v} is listed twice`));
    dupes(l.chains, "chains");
    dupes(
      l.currencies.map((c) => c.code),
      "currencies",
    );
    dupes(
      l.pairs.map((p) => `${p.base}/${p.quote}`),
      "pairs",
    );
    dupes(
      l.news.map((a) => String(a.id)),
      "news",
    );
    const byCode = new Map(l.currencies.map((c) => [c.code, c]));
    l.currencies.forEach((c, i) => {
      c.chains.forEach((ch, j) => {
        if (!l.chains.includes(ch.chain)) issue(["currencies", i, "chains", j, "chain"], `${ch.chain} is not in chains`);
      });
      if (c.withdrawal.max !== "0" && Number(c.withdrawal.max) < Number(c.withdrawal.min))
        issue(["currencies", i, "withdrawal", "max"], "is below min");
    });
    l.pairs.forEach((p, i) => {
      if (p.base === p.quote) issue(["pairs", i], "base and quote are the same currency");
      if (!byCode.has(p.base)) issue(["pairs", i, "base"], `${p.base} is not in currencies`);
      const q = byCode.get(p.quote);
      if (!q) issue(["pairs", i, "quote"], `${p.quote} is not in currencies`);
      else if (!q.quote) issue(["pairs", i, "quote"], `${p.quote} is not marked "quote": true`);
      if (p.lever && !q?.accounts.includes("lever_account"))
        issue(["pairs", i, "lever"], `${p.quote} must list lever_account in its accounts for leverage`);
      if (p.second && !q?.accounts.includes("micro_account"))
        issue(["pairs", i, "second"], `${p.quote} must list micro_account in its accounts for the second contract`);
    });
    l.savings.forEach((s, i) => {
      const c = byCode.get(s.currency);
      if (!c) issue(["savings", i, "currency"], `${s.currency} is not in currencies`);
      else if (!c.accounts.includes("financial_account"))
        issue(["savings", i, "currency"], `${s.currency} must list financial_account in its accounts for savings`);
      if (Number(s.max) < Number(s.min)) issue(["savings", i, "max"], "is below min");
    });
  });

export type Listing = z.infer<typeof ListingSchema>;

export class ListingError extends Error {
  override name = "ListingError";
}

/** Validates a listing; every problem is reported with its place in the file. */
export function parseListing(value: unknown, source = "the listing"): Listing {
  const parsed = ListingSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.slice(0, 20).map((i) => `  ${i.path.join(".") || "(top)"}: ${i.message}`);
  throw new ListingError(`${source} is not valid:\n${lines.join("\n")}`);
}

export function readListingFile(file: string): Listing {
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch (err) {
    throw new ListingError(`cannot read ${file}: ${(err as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw new ListingError(`${file} is not JSON: ${(err as Error).message}`);
  }
  return parseListing(json, file);
}

/** What applying a listing changed (or would change), one line each. */
export type ListingChanges = string[];

const b = (v: boolean) => (v ? 1 : 0);

/**
 * Brings the database's reference data to the listing, in one transaction: adds what is new, updates what changed,
 * refuses (ListingError, nothing written) what would harm existing data. `dryRun` rolls back and only reports.
 */
export function applyListing(db: DB, listing: Listing, opts: { dryRun?: boolean } = {}): ListingChanges {
  const changes: ListingChanges = [];
  const run = db.transaction(() => {
    // The news categories an article names (and the areas), in a database that has none yet.
    seedReference(db);
    // Chains: added by code, never removed (a deposit address or withdrawal may name one).
    const chainIds = new Map(
      (db.prepare("SELECT id, code FROM chain_protocols").all() as { id: number; code: string }[]).map((r) => [r.code, r.id]),
    );
    for (const c of listing.chains) {
      if (chainIds.has(c)) continue;
      chainIds.set(c, Number(db.prepare("INSERT INTO chain_protocols (code) VALUES (?)").run(c).lastInsertRowid));
      changes.push(`chain ${c}: added`);
    }

    type Row = { id: number; code: string; decimals: number };
    const known = new Map((db.prepare("SELECT id, code, decimals FROM currencies").all() as Row[]).map((r) => [r.code, r]));
    const missing = [...known.keys()].filter((k) => !listing.currencies.some((c) => c.code === k));
    if (missing.length)
      throw new ListingError(
        `currencies ${missing.join(", ")} are in the database but not in the listing: keep them listed (close deposits and withdrawals with "deposit": false, "withdraw": false)`,
      );
    const currencyIds = new Map<string, number>();
    listing.currencies.forEach((c, i) => {
      const values = [
        c.name,
        c.usdPrice,
        b(c.quote),
        b(c.stable),
        b(c.deposit),
        b(c.withdraw),
        c.withdrawal.feeRate,
        c.withdrawal.min,
        c.withdrawal.max,
        b(c.transfer),
        i + 1,
      ];
      const old = known.get(c.code);
      let id: number;
      if (!old) {
        id = Number(
          db
            .prepare(
              `INSERT INTO currencies (code, decimals, name, usd_price, is_quote, is_stable, open_recharge, open_draw, draw_rate, draw_min,
                 draw_max, is_recharge_account, sort, volatility) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '0')`,
            )
            .run(c.code, c.decimals, ...values).lastInsertRowid,
        );
        changes.push(`currency ${c.code}: added`);
      } else {
        if (old.decimals !== c.decimals)
          throw new ListingError(
            `currency ${c.code}: decimals are ${old.decimals} in the database and cannot change (balances are kept at them)`,
          );
        id = old.id;
        const r = db
          .prepare(
            `UPDATE currencies SET name = ?, usd_price = ?, is_quote = ?, is_stable = ?, open_recharge = ?, open_draw = ?, draw_rate = ?,
               draw_min = ?, draw_max = ?, is_recharge_account = ?, sort = ?
             WHERE id = ? AND NOT (name IS ? AND usd_price IS ? AND is_quote IS ? AND is_stable IS ? AND open_recharge IS ? AND open_draw IS ?
               AND draw_rate IS ? AND draw_min IS ? AND draw_max IS ? AND is_recharge_account IS ? AND sort IS ?)`,
          )
          .run(...values, id, ...values);
        if (r.changes) changes.push(`currency ${c.code}: updated`);
      }
      currencyIds.set(c.code, id);
      // Accounts: added, never taken away (a user may hold a balance there).
      const held = new Set(
        (
          db.prepare("SELECT account_code FROM currency_account_types WHERE currency_id = ?").all(id) as { account_code: AccountCode }[]
        ).map((r) => r.account_code),
      );
      const dropped = [...held].filter((a) => !c.accounts.includes(a));
      if (dropped.length) throw new ListingError(`currency ${c.code}: accounts ${dropped.join(", ")} are in use and cannot be taken away`);
      for (const a of c.accounts) {
        if (held.has(a)) continue;
        db.prepare("INSERT INTO currency_account_types (currency_id, account_code) VALUES (?, ?)").run(id, a);
        if (old) changes.push(`currency ${c.code}: account ${a} added`);
      }
      for (const ch of c.chains) {
        const chainId = chainIds.get(ch.chain)!;
        const r = db
          .prepare(
            `INSERT INTO currency_protocols (currency_id, chain_protocol_id, token_address, in_address) VALUES (?, ?, ?, ?)
             ON CONFLICT (currency_id, chain_protocol_id) DO UPDATE SET token_address = excluded.token_address, in_address = excluded.in_address
             WHERE token_address IS NOT excluded.token_address OR in_address IS NOT excluded.in_address`,
          )
          .run(id, chainId, ch.tokenAddress, ch.depositAddress);
        if (r.changes && old) changes.push(`currency ${c.code}: chain ${ch.chain} set`);
      }
    });

    type PairRow = { id: number; base: string; quote: string; price_precision: number; amount_precision: number };
    const pairs = db
      .prepare(
        `SELECT m.id, b.code AS base, q.code AS quote, m.price_precision, m.amount_precision FROM currency_matches m
         JOIN currencies b ON b.id = m.base_currency_id JOIN currencies q ON q.id = m.quote_currency_id`,
      )
      .all() as PairRow[];
    const gone = pairs.filter((p) => !listing.pairs.some((l) => l.base === p.base && l.quote === p.quote));
    if (gone.length)
      throw new ListingError(
        `pairs ${gone.map((p) => `${p.base}/${p.quote}`).join(", ")} are in the database but not in the listing: keep them listed (close one with "spot": false)`,
      );
    listing.pairs.forEach((p, i) => {
      const values = [
        b(p.spot),
        b(Boolean(p.lever)),
        b(p.second),
        p.pricePrecision,
        p.amountPrecision,
        p.lever?.pointRate ?? "0",
        p.lever?.shareSize ?? "1",
        p.lever?.feeRate ?? "0",
        i + 1,
      ];
      const old = pairs.find((x) => x.base === p.base && x.quote === p.quote);
      if (!old) {
        db.prepare(
          `INSERT INTO currency_matches (base_currency_id, quote_currency_id, open_change, open_lever, open_microtrade, price_precision,
             amount_precision, lever_point_rate, lever_share_num, lever_fee_rate, sort, day_volume) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '0')`,
        ).run(currencyIds.get(p.base), currencyIds.get(p.quote), ...values);
        changes.push(`pair ${p.base}/${p.quote}: added`);
        return;
      }
      const r = db
        .prepare(
          `UPDATE currency_matches SET open_change = ?, open_lever = ?, open_microtrade = ?, price_precision = ?, amount_precision = ?,
             lever_point_rate = ?, lever_share_num = ?, lever_fee_rate = ?, sort = ?
           WHERE id = ? AND NOT (open_change IS ? AND open_lever IS ? AND open_microtrade IS ? AND price_precision IS ? AND amount_precision IS ?
             AND lever_point_rate IS ? AND lever_share_num IS ? AND lever_fee_rate IS ? AND sort IS ?)`,
        )
        .run(...values, old.id, ...values);
      if (r.changes) changes.push(`pair ${p.base}/${p.quote}: updated`);
    });

    // Savings products, matched by currency and days; one left out of the file is closed (holdings keep running).
    type ProductRow = { id: number; code: string; limit_days: number; open: number };
    const products = db
      .prepare("SELECT p.id, c.code, p.limit_days, p.open FROM lock_products p JOIN currencies c ON c.id = p.currency_id")
      .all() as ProductRow[];
    listing.savings.forEach((s, i) => {
      const values = [s.annualRate, s.min, s.max, b(s.open), i + 1];
      const old = products.find((p) => p.code === s.currency && p.limit_days === s.days);
      if (!old) {
        db.prepare(
          "INSERT INTO lock_products (currency_id, limit_days, annual_rate, limit_number, max_number, open, sort) VALUES (?, ?, ?, ?, ?, ?, ?)",
        ).run(currencyIds.get(s.currency), s.days, ...values);
        changes.push(`savings ${s.currency} ${s.days} days: added`);
        return;
      }
      const r = db
        .prepare(
          `UPDATE lock_products SET annual_rate = ?, limit_number = ?, max_number = ?, open = ?, sort = ?
           WHERE id = ? AND NOT (annual_rate IS ? AND limit_number IS ? AND max_number IS ? AND open IS ? AND sort IS ?)`,
        )
        .run(...values, old.id, ...values);
      if (r.changes) changes.push(`savings ${s.currency} ${s.days} days: updated`);
    });
    for (const p of products) {
      if (p.open && !listing.savings.some((s) => s.currency === p.code && s.days === p.limit_days)) {
        db.prepare("UPDATE lock_products SET open = 0 WHERE id = ?").run(p.id);
        changes.push(`savings ${p.code} ${p.limit_days} days: closed (not in the listing)`);
      }
    }

    const setting = (key: string, value: string) => {
      const r = db
        .prepare(
          "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE value IS NOT excluded.value",
        )
        .run(key, value);
      if (r.changes) changes.push(`setting ${key}: set`);
    };
    for (const [key, value] of Object.entries(listing.settings)) {
      if (value === undefined || !(SETTING_KEYS as readonly string[]).includes(key)) continue;
      setting(key, typeof value === "boolean" ? (value ? "1" : "0") : value);
    }
    if (listing.p2p) {
      setting("p2p_pay_minutes", String(listing.p2p.payMinutes));
      setting("p2p_confirm_minutes", String(listing.p2p.confirmMinutes));
    }

    const categoryId = new Map(NEWS_CATEGORIES.map(([id, name]) => [name, id]));
    for (const a of listing.news) {
      const at = Date.parse(`${a.date.replace(" ", "T")}${a.date.length > 10 ? ":00" : "T00:00:00"}Z`);
      const r = db
        .prepare(
          `INSERT INTO news (id, category_id, title, content, banner, created_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET category_id = excluded.category_id, title = excluded.title, content = excluded.content,
             banner = excluded.banner, created_at = excluded.created_at
           WHERE category_id IS NOT excluded.category_id OR title IS NOT excluded.title OR content IS NOT excluded.content
             OR banner IS NOT excluded.banner OR created_at IS NOT excluded.created_at`,
        )
        .run(a.id, categoryId.get(a.category), a.title, a.content, a.banner, at);
      if (r.changes) changes.push(`article ${a.id}: set`);
    }
    if (opts.dryRun) throw new DryRun();
  });
  try {
    run();
  } catch (err) {
    if (!(err instanceof DryRun)) throw err;
  }
  return changes;
}

class DryRun extends Error {}
