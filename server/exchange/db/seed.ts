import Decimal from "decimal.js";
import type { DB } from "./index";
import { AREAS } from "./areas";
import { NEWS, NEWS_CATEGORIES } from "./news";
import { hashPasswordSync, randomCode } from "../lib/crypto";
import type { AccountCode } from "../../../app/contract/core/index";
import { credit } from "../ledger/index";
import { reviewIdentity, submitIdentity } from "../models/personal";

interface SeedCurrency {
  id: number;
  code: string;
  name: string;
  usd: string;
  decimals: number;
  quote?: boolean;
  stable?: boolean;
  volatility: string;
  draw_rate: string;
  draw_min: string;
  draw_max: string;
  chains: string[];
  open_draw?: number;
}

export const SEED_CURRENCIES: SeedCurrency[] = [
  {
    id: 1,
    code: "USDT",
    name: "Tether",
    usd: "1",
    decimals: 6,
    quote: true,
    stable: true,
    volatility: "0",
    draw_rate: "0.001",
    draw_min: "10",
    draw_max: "200000",
    chains: ["ERC20", "TRC20"],
  },
  {
    id: 2,
    code: "BTC",
    name: "Bitcoin",
    usd: "64000",
    decimals: 8,
    quote: true,
    volatility: "0.03",
    draw_rate: "0.0005",
    draw_min: "0.001",
    draw_max: "50",
    chains: ["BTC"],
  },
  {
    id: 3,
    code: "ETH",
    name: "Ethereum",
    usd: "3400",
    decimals: 8,
    quote: true,
    volatility: "0.035",
    draw_rate: "0.001",
    draw_min: "0.01",
    draw_max: "1000",
    chains: ["ERC20"],
  },
  {
    id: 4,
    code: "TRX",
    name: "TRON",
    usd: "0.12",
    decimals: 6,
    volatility: "0.04",
    draw_rate: "0.002",
    draw_min: "10",
    draw_max: "5000000",
    chains: ["TRC20"],
  },
  {
    id: 5,
    code: "SOL",
    name: "Solana",
    usd: "145",
    decimals: 8,
    volatility: "0.05",
    draw_rate: "0.002",
    draw_min: "0.1",
    draw_max: "20000",
    chains: ["SOL"],
  },
  {
    id: 6,
    code: "XRP",
    name: "XRP",
    usd: "0.52",
    decimals: 6,
    volatility: "0.045",
    draw_rate: "0.002",
    draw_min: "20",
    draw_max: "5000000",
    chains: ["XRP"],
  },
  {
    id: 7,
    code: "DOGE",
    name: "Dogecoin",
    usd: "0.12",
    decimals: 8,
    volatility: "0.06",
    draw_rate: "0.002",
    draw_min: "50",
    draw_max: "10000000",
    chains: ["DOGE"],
  },
  {
    id: 8,
    code: "LTC",
    name: "Litecoin",
    usd: "72",
    decimals: 8,
    volatility: "0.045",
    draw_rate: "0.001",
    draw_min: "0.1",
    draw_max: "20000",
    chains: ["LTC"],
  },
  {
    id: 9,
    code: "BNB",
    name: "BNB",
    usd: "580",
    decimals: 8,
    volatility: "0.035",
    draw_rate: "0.001",
    draw_min: "0.05",
    draw_max: "5000",
    chains: ["BEP20"],
  },
  {
    id: 10,
    code: "ADA",
    name: "Cardano",
    usd: "0.45",
    decimals: 6,
    volatility: "0.05",
    draw_rate: "0.002",
    draw_min: "20",
    draw_max: "5000000",
    chains: ["ADA"],
  },
  {
    id: 11,
    code: "LINK",
    name: "Chainlink",
    usd: "14.5",
    decimals: 8,
    volatility: "0.05",
    draw_rate: "0.002",
    draw_min: "1",
    draw_max: "100000",
    chains: ["ERC20"],
    open_draw: 1,
  },
];

const CHAINS = ["BTC", "ERC20", "TRC20", "SOL", "XRP", "DOGE", "LTC", "BEP20", "ADA"];

/** Platform deposit addresses per chain (shape-correct demo values). */
const IN_ADDRESS: Record<string, string> = {
  BTC: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
  ERC20: "0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063",
  TRC20: "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9",
  SOL: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
  XRP: "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh",
  DOGE: "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L",
  LTC: "ltc1qg82tlz5pmwlxm2x5r4q8nt4a9mhd4w9t6h7j5c",
  BEP20: "0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE",
  ADA: "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x",
};

const TOKEN_ADDRESS: Record<string, string> = {
  "USDT:ERC20": "0xdAC17F958D2ee523a2206206994597C13D831ec7",
  "USDT:TRC20": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  "LINK:ERC20": "0x514910771AF9Ca656af840dff83E8264EcF986CA",
};

interface SeedPair {
  id: number;
  base: string;
  quote: string;
  open_change?: number;
  lever?: number;
  micro?: number;
  pp: number;
  ap: number;
  share: string;
  dayVolume: string;
}

export const SEED_PAIRS: SeedPair[] = [
  { id: 1, base: "BTC", quote: "USDT", lever: 1, micro: 1, pp: 2, ap: 6, share: "0.01", dayVolume: "18000" },
  { id: 2, base: "ETH", quote: "USDT", lever: 1, micro: 1, pp: 2, ap: 4, share: "0.1", dayVolume: "250000" },
  { id: 3, base: "SOL", quote: "USDT", lever: 1, micro: 1, pp: 2, ap: 3, share: "1", dayVolume: "2000000" },
  { id: 4, base: "XRP", quote: "USDT", micro: 1, pp: 4, ap: 1, share: "100", dayVolume: "90000000" },
  { id: 5, base: "DOGE", quote: "USDT", lever: 1, micro: 1, pp: 5, ap: 0, share: "1000", dayVolume: "600000000" },
  { id: 6, base: "LTC", quote: "USDT", lever: 1, pp: 2, ap: 3, share: "1", dayVolume: "400000" },
  { id: 7, base: "BNB", quote: "USDT", lever: 1, pp: 2, ap: 3, share: "0.1", dayVolume: "300000" },
  { id: 8, base: "ADA", quote: "USDT", pp: 4, ap: 1, share: "100", dayVolume: "150000000" },
  { id: 9, base: "TRX", quote: "USDT", pp: 5, ap: 0, share: "1000", dayVolume: "500000000" },
  // Open for leverage only: listed by market/currency_matches with its flags, left out by the spot screens.
  { id: 10, base: "LINK", quote: "USDT", open_change: 0, lever: 1, pp: 3, ap: 2, share: "10", dayVolume: "3000000" },
  { id: 11, base: "ETH", quote: "BTC", pp: 5, ap: 4, share: "0.1", dayVolume: "60000" },
  { id: 12, base: "SOL", quote: "BTC", pp: 7, ap: 2, share: "1", dayVolume: "300000" },
  { id: 13, base: "LTC", quote: "BTC", pp: 6, ap: 2, share: "1", dayVolume: "80000" },
  { id: 14, base: "SOL", quote: "ETH", pp: 5, ap: 2, share: "1", dayVolume: "150000" },
  { id: 15, base: "LINK", quote: "ETH", pp: 6, ap: 2, share: "10", dayVolume: "400000" },
];

export const SEED_SETTINGS: Record<string, string> = {
  login_use_sms: "0",
  contact_mobile: "+1 212 555 0100",
  contact_email: "support@example.com",
  service_url: "https://support.example.com/chat",
  popup_on: "1",
  app_download_url: "https://example.com/app",
};

export interface DemoAccount {
  email: string | null;
  mobile?: string;
  areaId?: number;
  password: string;
  note: string;
  inviteCode: string;
  isSeller?: boolean;
  /** A verified identity, seeded as a submission the operator approved (the one path that verifies anyone). */
  identity?: { name: string; cardId: string };
  balances: Array<[AccountCode, string, string]>;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: "demo@example.com",
    password: "Trade2026",
    note: "verified, balances in every account",
    inviteCode: "DEMO2026",
    identity: { name: "Demo Trader", cardId: "DEMO-0001" },
    balances: [
      ["change_account", "USDT", "10000"],
      ["change_account", "BTC", "0.5"],
      ["change_account", "ETH", "5"],
      ["change_account", "SOL", "40"],
      ["legal_account", "USDT", "2000"],
      ["lever_account", "USDT", "5000"],
      ["micro_account", "USDT", "1000"],
      ["financial_account", "USDT", "500"],
    ],
  },
  {
    email: "alice@example.com",
    password: "Alice2026",
    note: "not verified",
    inviteCode: "ALICE001",
    balances: [
      ["change_account", "USDT", "5000"],
      ["change_account", "ETH", "2"],
      ["micro_account", "USDT", "300"],
    ],
  },
  {
    email: "bob@example.com",
    password: "Bob2026x",
    note: "merchant (is_seller), verified",
    inviteCode: "BOBSHOP1",
    isSeller: true,
    identity: { name: "Bob Shop", cardId: "DEMO-0002" },
    balances: [
      ["change_account", "USDT", "20000"],
      ["change_account", "BTC", "1"],
      ["legal_account", "USDT", "10000"],
    ],
  },
  {
    email: null,
    mobile: "13800138000",
    areaId: 1,
    password: "Carol2026",
    note: "mobile login (area China, +86)",
    inviteCode: "CAROL001",
    balances: [["change_account", "USDT", "1000"]],
  },
];

/** Seeds reference data and demo users, only when the database is empty. Returns whether it seeded. */
export function seedIfEmpty(db: DB, now = Date.now()): boolean {
  const { n } = db.prepare("SELECT COUNT(*) AS n FROM currencies").get() as { n: number };
  if (n > 0) return false;
  db.transaction(() => seed(db, now))();
  return true;
}

/**
 * Reference data every database holds, a demo's or a real exchange's: the areas (dialling codes) and the news
 * categories the screens look for by id. Only into an empty table.
 */
export function seedReference(db: DB): void {
  const { areas } = db.prepare("SELECT COUNT(*) AS areas FROM areas").get() as { areas: number };
  if (areas === 0) {
    const area = db.prepare("INSERT INTO areas (id, name, global_code) VALUES (?, ?, ?)");
    AREAS.forEach(([name, code], i) => area.run(i + 1, name, code));
  }
  const { cats } = db.prepare("SELECT COUNT(*) AS cats FROM news_categories").get() as { cats: number };
  if (cats === 0) {
    const cat = db.prepare("INSERT INTO news_categories (id, name) VALUES (?, ?)");
    for (const [id, name] of NEWS_CATEGORIES) cat.run(id, name);
  }
}

function seed(db: DB, now: number): void {
  const setting = db.prepare("INSERT INTO settings (key, value) VALUES (?, ?)");
  for (const [k, v] of Object.entries(SEED_SETTINGS)) setting.run(k, v);

  seedReference(db);
  const art = db.prepare("INSERT INTO news (id, category_id, title, content, banner, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  for (const a of NEWS) art.run(a.id, a.category_id, a.title, a.content, a.banner ?? "", Date.parse(`${a.date.replace(" ", "T")}:00Z`));

  const chain = db.prepare("INSERT INTO chain_protocols (id, code) VALUES (?, ?)");
  CHAINS.forEach((c, i) => chain.run(i + 1, c));
  const chainId = (code: string) => CHAINS.indexOf(code) + 1;

  const cur = db.prepare(
    `INSERT INTO currencies (id, code, name, usd_price, decimals, is_quote, is_stable, volatility, open_recharge, open_draw,
       draw_rate, draw_min, draw_max, recharge_min, is_recharge_account, sort) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, 1, ?)`,
  );
  const proto = db.prepare(
    "INSERT INTO currency_protocols (currency_id, chain_protocol_id, token_address, in_address) VALUES (?, ?, ?, ?)",
  );
  const accType = db.prepare("INSERT INTO currency_account_types (currency_id, account_code) VALUES (?, ?)");
  for (const c of SEED_CURRENCIES) {
    cur.run(
      c.id,
      c.code,
      c.name,
      c.usd,
      c.decimals,
      c.quote ? 1 : 0,
      c.stable ? 1 : 0,
      c.volatility,
      c.open_draw ?? 1,
      c.draw_rate,
      c.draw_min,
      c.draw_max,
      // The smallest deposit declaration: a tenth of the withdrawal minimum (migration 014 gives older databases the same).
      new Decimal(c.draw_min).div(10).toFixed(),
      c.id,
    );
    for (const ch of c.chains) proto.run(c.id, chainId(ch), TOKEN_ADDRESS[`${c.code}:${ch}`] ?? "", IN_ADDRESS[ch]);
    const codes: AccountCode[] =
      c.code === "USDT"
        ? ["change_account", "legal_account", "lever_account", "micro_account", "financial_account"]
        : c.quote
          ? ["change_account", "legal_account", "financial_account"]
          : ["change_account"];
    for (const a of codes) accType.run(c.id, a);
  }
  const curId = (code: string) => SEED_CURRENCIES.find((c) => c.code === code)!.id;

  const pair = db.prepare(
    `INSERT INTO currency_matches (id, base_currency_id, quote_currency_id, open_change, open_lever, open_microtrade,
       price_precision, amount_precision, lever_point_rate, lever_share_num, lever_fee_rate, day_volume, sort)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const p of SEED_PAIRS) {
    pair.run(
      p.id,
      curId(p.base),
      curId(p.quote),
      p.open_change ?? 1,
      p.lever ?? 0,
      p.micro ?? 0,
      p.pp,
      p.ap,
      "0.05",
      p.share,
      "0.001",
      p.dayVolume,
      p.id,
    );
  }

  const user = db.prepare(
    `INSERT INTO users (email, mobile, area_id, password_hash, invite_code, authorization_code, is_seller, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const d of DEMO_ACCOUNTS) {
    const r = user.run(
      d.email,
      d.mobile ?? null,
      d.areaId ?? null,
      hashPasswordSync(d.password),
      d.inviteCode,
      randomCode(8),
      d.isSeller ? 1 : 0,
      now,
    );
    const userId = Number(r.lastInsertRowid);
    if (d.identity) {
      const submission = submitIdentity(
        db,
        userId,
        { name: d.identity.name, card_id: d.identity.cardId, front_pic: "", reverse_pic: "", hand_pic: "" },
        now,
      );
      reviewIdentity(db, submission, true, "", now, false);
    }
    for (const [accountCode, code, amount] of d.balances) {
      credit(db, { userId, currencyId: curId(code), accountCode, amount, type: "seed", memo: "demo balance", now });
    }
  }
}
