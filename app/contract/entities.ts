import { z } from "zod";
import { FILL_ROLES, KLINE_PERIODS, SPOT_ORDER_TYPES, TIME_IN_FORCE } from "./core/trading";
import { pageOf } from "./paging";

export * from "./core/trading";
export * from "./core/channels";

/**
 * Money and prices are decimal strings on the wire. An upstream we did not write may send a
 * JSON number instead; it is accepted and turned into its string form, never used as a float.
 */
export const DecimalStringSchema = z.preprocess(
  (v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v),
  z.string().regex(/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/, "not a decimal"),
);
export type DecimalString = z.infer<typeof DecimalStringSchema>;

/** Integer ids; a numeric string from an upstream is accepted. */
export const IdSchema = z.coerce.number().int();
/** The optional key a money-moving call may carry so that a repeated request acts once (empty is absent). */
export const IdempotencyKeySchema = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/** 0/1 flags; booleans are accepted. */
export const FlagSchema = z.preprocess((v) => (typeof v === "boolean" ? Number(v) : v), z.coerce.number().int().min(0).max(1));

const BoolishSchema = z.preprocess(
  (v) => (v === "true" || v === 1 || v === "1" ? true : v === "false" || v === 0 || v === "0" || v == null ? false : v),
  z.boolean(),
);
const StringIdSchema = z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string());

// ---------------------------------------------------------------- news, areas, settings
export const NewsCategorySchema = z.object({ id: IdSchema, name: z.string() });
export type NewsCategory = z.infer<typeof NewsCategorySchema>;

export const NewsArticleSchema = z.object({
  id: IdSchema,
  category_id: IdSchema,
  title: z.string(),
  /** HTML; the app sanitizes it before rendering. */
  content: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss', UTC. */
  created_at: z.string(),
  /** Image URL or ''. */
  banner: z
    .string()
    .nullable()
    .transform((v) => v ?? ""),
});
export type NewsArticle = z.infer<typeof NewsArticleSchema>;

export const NewsListSchema = z.object({ data: z.array(NewsArticleSchema), total: z.coerce.number().int() });
export type NewsList = z.infer<typeof NewsListSchema>;

export const AreaSchema = z.object({ id: IdSchema, name: z.string(), global_code: StringIdSchema });
export type Area = z.infer<typeof AreaSchema>;

export const SETTING_KEYS = ["login_use_sms", "contact_mobile", "contact_email", "service_url", "popup_on", "app_download_url"] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

// ---------------------------------------------------------------- user
export const UserInfoSchema = z.object({
  id: IdSchema,
  uid: StringIdSchema,
  is_seller: BoolishSchema,
  email: z
    .string()
    .nullable()
    .transform((v) => v ?? ""),
  mobile: z
    .string()
    .nullable()
    .transform((v) => v ?? ""),
  invite_code: z.string(),
  /** 0 none, 1 pending, 2 approved. */
  review_status: z.coerce.number().int().min(0).max(2).catch(0),
  /** Whether a trade password is set (withdrawals need one; /tradePassword sets or changes it). */
  has_pay_password: BoolishSchema.optional().default(false),
  /** The dialing area of a mobile account (codes by SMS go there); null for email accounts. */
  area_id: z.coerce.number().int().positive().nullable().optional().catch(null),
  /** 1 when the authenticator is on: sign-in, withdrawals and trade-password changes ask for its code (ours; absent means 0). */
  google_switch: z.coerce.number().int().min(0).max(1).optional().default(0).catch(0),
  /**
   * Withdrawals are held until this moment (unix ms) after a change of the account's security (password, trade
   * password, authenticator, bound email or phone); null when they are not held (ours; absent means not held).
   */
  withdraw_hold_until: z.coerce.number().int().positive().nullable().optional().catch(null),
  /** My unread notifications (ours; absent means 0): the header's badge on every page load. */
  unread_notifications: z.coerce.number().int().min(0).optional().default(0).catch(0),
  /** What all my accounts hold is worth in USD now, 2 decimals (ours; absent: not known): the header's account menu. */
  total_usd: z.string().optional().catch(undefined),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const AuthorizationCodeSchema = z.object({ code: z.string() });
export type AuthorizationCode = z.infer<typeof AuthorizationCodeSchema>;

// ---------------------------------------------------------------- market
export const QuotationSchema = z.object({
  currency_match_id: IdSchema,
  close: DecimalStringSchema,
  /** Percent against the price 24 h ago, 2 decimals ("2.35" means +2.35 %). */
  change: DecimalStringSchema,
  high: DecimalStringSchema,
  low: DecimalStringSchema,
  /** 24 h volume in base currency units. */
  volume: DecimalStringSchema,
});
export type Quotation = z.infer<typeof QuotationSchema>;

export const PriceRefSchema = z.object({ cny_price: DecimalStringSchema, usd_price: DecimalStringSchema });
export type PriceRef = z.infer<typeof PriceRefSchema>;

/** A pair's lever terms (LeverTerms in core/lever): the open price's spread in percent, base units per hand, the fee rate. */
export const LeverTermsShape = {
  lever_point_rate: DecimalStringSchema,
  lever_share_num: DecimalStringSchema,
  lever_fee_rate: DecimalStringSchema,
};

export const PairSchema = z.object({
  id: IdSchema,
  name: z.string(),
  /** 'BASE/QUOTE'. */
  symbol: z.string(),
  base_currency_id: IdSchema,
  quote_currency_id: IdSchema,
  base_currency_code: z.string(),
  quote_currency_code: z.string(),
  open_change: FlagSchema,
  open_lever: FlagSchema,
  open_microtrade: FlagSchema,
  /** Whether the signed-in user marked it as a favourite (always false for now). */
  added: BoolishSchema.optional().default(false),
  /** Decimals of the price. */
  price_precision: z.coerce.number().int().min(0).max(12).optional().default(4),
  /** Decimals of the quantity. */
  amount_precision: z.coerce.number().int().min(0).max(12).optional().default(6),
  currency_quotation: QuotationSchema,
  ...LeverTermsShape,
  quote_currency: PriceRefSchema,
});
export type Pair = z.infer<typeof PairSchema>;

export const QuoteGroupSchema = z.object({
  id: IdSchema,
  code: z.string(),
  is_quote: FlagSchema,
  cny_price: DecimalStringSchema,
  usd_price: DecimalStringSchema,
  matches: z.array(PairSchema),
});
export type QuoteGroup = z.infer<typeof QuoteGroupSchema>;

export const KlinePeriodSchema = z.enum(KLINE_PERIODS);

export const KlineBarSchema = z.object({
  open: DecimalStringSchema,
  low: DecimalStringSchema,
  high: DecimalStringSchema,
  close: DecimalStringSchema,
  volume: DecimalStringSchema,
  /** Start of the bar, unix milliseconds. */
  time: z.coerce.number().int(),
  period: z.string(),
});
export type KlineBar = z.infer<typeof KlineBarSchema>;

export const DepthEntrySchema = z.object({
  /** The row's place on its side of the book, best first, from 0 (an upstream may leave it out). */
  index: z.coerce.number().int().min(0).optional(),
  price: DecimalStringSchema,
  amount: DecimalStringSchema,
});
export type DepthEntry = z.infer<typeof DepthEntrySchema>;

export const DepthSchema = z.object({
  /** Bids, best (highest) first. */
  in: z.array(DepthEntrySchema),
  /** Asks, best (lowest) first. */
  out: z.array(DepthEntrySchema),
});
export type Depth = z.infer<typeof DepthSchema>;

/** The book with each row's `index` (its place on its side, best first, from 0), as market/deal and MARKET_DEPTH send it. */
export function indexedDepth(depth: Depth): Depth {
  const side = (rows: Depth["in"]) => rows.map((r, index) => ({ index, price: r.price, amount: r.amount }));
  return { in: side(depth.in), out: side(depth.out) };
}

export const TradeSchema = z.object({
  id: IdSchema,
  /** Unix milliseconds. */
  time: z.coerce.number().int(),
  /** 2 buy (taker bought, shown green), 1 sell. */
  way: z.coerce.number().int(),
  price: DecimalStringSchema,
  number: DecimalStringSchema,
});
export type Trade = z.infer<typeof TradeSchema>;

export const DealSchema = z.object({
  quotation: QuotationSchema,
  depth: DepthSchema,
  /** Newest first, at most 30. */
  tx_completes: z.array(TradeSchema),
});
export type Deal = z.infer<typeof DealSchema>;

// ---------------------------------------------------------------- spot orders

export const SpotOrderSchema = z.object({
  id: IdSchema,
  /** Base quantity ordered. */
  number: DecimalStringSchema,
  /** Base filled so far. */
  transacted_amount: DecimalStringSchema,
  /** Quote filled so far. */
  transacted_volume: DecimalStringSchema,
  /** Limit price; for a market order the average fill price ('0…' when nothing filled). */
  price: DecimalStringSchema,
  /** The average price of what filled, to the pair's price decimals ('0' when nothing filled; absent from older exchanges). */
  avg_price: DecimalStringSchema.optional(),
  way: z.coerce.number().int(),
  way_name: z.string(),
  status: z.coerce.number().int(),
  status_name: z.string(),
  /** Unix milliseconds. */
  created_at: z.coerce.number().int(),
  updated_at: z.coerce.number().int(),
  currency_match: z.object({ id: IdSchema, symbol: z.string() }),
  /** Fee paid so far, rounded to the fee currency's decimals: a buy pays in base, a sell in quote. */
  fee: DecimalStringSchema,
  fee_currency: z.string().optional().default(""),
  /** 'limit', 'market' or 'stop_limit' (a limit order with a trigger price). */
  type: z.enum(SPOT_ORDER_TYPES).catch("limit"),
  /** A stop-limit order's trigger: it goes on the book when the last trade reaches this price; null for other orders. */
  trigger_price: DecimalStringSchema.nullable().optional(),
  /** When a stop-limit order went on the book (unix ms); null while it waits (status 4), and for other orders. */
  triggered_at: z.coerce.number().int().nullable().optional(),
  /** The OCO this order is one of (the OCO's id is its limit order's id); null for an order outside an OCO. */
  oco_id: z.coerce.number().int().nullable().optional(),
  /** A limit order's time in force ('gtc' for every other order; absent from older exchanges, which is 'gtc'). */
  time_in_force: z.enum(TIME_IN_FORCE).optional().catch(undefined),
});
export type SpotOrder = z.infer<typeof SpotOrderSchema>;

/** tx_in/oco, tx_out/oco: the OCO's two orders. */
export const SpotOcoSchema = z.object({
  /** The OCO's id: its limit order's id. */
  oco_id: IdSchema,
  limit: SpotOrderSchema,
  stop: SpotOrderSchema,
});
export type SpotOco = z.infer<typeof SpotOcoSchema>;

/** tx/cancel_all: how many orders it cancelled, and their ids (an OCO's two orders both). */
export const SpotCancelAllSchema = z.object({ cancelled: z.coerce.number().int().min(0), ids: z.array(IdSchema) });
export type SpotCancelAll = z.infer<typeof SpotCancelAllSchema>;

/** One fill of one of my orders: my side of a trade. */
export const SpotFillSchema = z.object({
  id: IdSchema,
  order_id: IdSchema,
  trade_id: IdSchema,
  currency_match: z.object({ id: IdSchema, symbol: z.string() }),
  /** The order's side: 1 buy, 2 sell. */
  way: z.coerce.number().int(),
  way_name: z.string(),
  /** 'maker': my order rested on the book; 'taker': it came in and took. */
  role: z.enum(FILL_ROLES),
  role_name: z.string(),
  price: DecimalStringSchema,
  /** Base filled. */
  number: DecimalStringSchema,
  /** Quote: price × number. */
  volume: DecimalStringSchema,
  /** The fee of this fill, rounded to its currency's decimals; null for a fill from before fees were kept per fill. */
  fee: DecimalStringSchema.nullable(),
  /** A buy pays its fee in base, a sell in quote. */
  fee_currency: z.string(),
  /** Unix milliseconds. */
  time: z.coerce.number().int(),
});
export type SpotFill = z.infer<typeof SpotFillSchema>;

export const SpotFillPageSchema = pageOf(SpotFillSchema);
export type SpotFillPage = z.infer<typeof SpotFillPageSchema>;

export const SpotOrderPageSchema = pageOf(SpotOrderSchema);
export type SpotOrderPage = z.infer<typeof SpotOrderPageSchema>;

export const SpotBalanceSchema = z.object({ currency_code: z.string(), balance: DecimalStringSchema, lock_balance: DecimalStringSchema });
export type SpotBalance = z.infer<typeof SpotBalanceSchema>;
export const SpotBalancesSchema = z.object({ base: SpotBalanceSchema, quote: SpotBalanceSchema });
export type SpotBalances = z.infer<typeof SpotBalancesSchema>;

// ---------------------------------------------------------------- live socket (/ws)

export const WsClientMessageSchema = z.discriminatedUnion("type", [
  /** `lang` (optional) localizes the names in private pushes (way_name, status_name). */
  z.object({ type: z.literal("login"), token: z.string(), lang: z.string().optional() }),
  z.object({ type: z.literal("ping") }),
  z.object({ type: z.literal("sub"), channel: z.string().min(1) }),
  z.object({ type: z.literal("unsub"), channel: z.string().min(1) }),
]);
export type WsClientMessage = z.infer<typeof WsClientMessageSchema>;

/** The head of every push on one pair's channel: what it is, the pair's id and its symbol. */
const pairPush = <T extends string>(type: T) => ({ type: z.literal(type), currency_match_id: IdSchema, symbol: z.string() });
/** What an order of mine moved: the order and the pair's two balances after it. */
const OrderMoved = { order: SpotOrderSchema, base_account: SpotBalanceSchema, quote_account: SpotBalanceSchema };

export const WsDayMarketSchema = z.object({
  ...pairPush("DAY_MARKET"),
  quotation: QuotationSchema.omit({ currency_match_id: true }),
});
export type WsDayMarket = z.infer<typeof WsDayMarketSchema>;

export const WsMarketDepthSchema = z.object({
  ...pairPush("MARKET_DEPTH"),
  depth: DepthSchema,
});
export type WsMarketDepth = z.infer<typeof WsMarketDepthSchema>;

export const WsGlobalTxSchema = z.object({
  ...pairPush("GLOBAL_TX"),
  /** The trades of this tick, newest first. */
  completes: z.array(TradeSchema),
});
export type WsGlobalTx = z.infer<typeof WsGlobalTxSchema>;

export const WsKlineSchema = KlineBarSchema.extend(pairPush("KLINE"));
export type WsKline = z.infer<typeof WsKlineSchema>;

/** Private: an order of mine was accepted. */
export const WsTxSubmitSchema = z.object({ ...pairPush("TX_SUBMIT"), ...OrderMoved });
export type WsTxSubmit = z.infer<typeof WsTxSubmitSchema>;

/** Private: one fill of an order of mine. */
export const WsTxMatchedSchema = z.object({
  ...pairPush("TX_MATCHED"),
  /** The order id. */
  id: IdSchema,
  price: DecimalStringSchema,
  number: DecimalStringSchema,
  /** 1 buy, 2 sell (the order's side). */
  way: z.coerce.number().int(),
  /** The order after this fill. */
  ...OrderMoved,
});
export type WsTxMatched = z.infer<typeof WsTxMatchedSchema>;

/** Snapshot of TX_SUBMIT / TX_MATCHED on subscribe: my open orders on every pair, newest first (at most 100). */
export const WsSpotOrdersSchema = z.object({
  type: z.literal("SPOT_ORDERS"),
  channel: z.string(),
  orders: z.array(SpotOrderSchema),
});
export type WsSpotOrders = z.infer<typeof WsSpotOrdersSchema>;

/** Every push the exchange sends on /ws. */
export const WsPushSchema = z.discriminatedUnion("type", [
  WsDayMarketSchema,
  WsMarketDepthSchema,
  WsGlobalTxSchema,
  WsKlineSchema,
  WsTxSubmitSchema,
  WsTxMatchedSchema,
  WsSpotOrdersSchema,
]);
export type WsPush = z.infer<typeof WsPushSchema>;
