import { z } from "zod";
import { LimitSchema, PageSchema } from "./paging";
import {
  AreaSchema,
  AuthorizationCodeSchema,
  DealSchema,
  KlineBarSchema,
  KlinePeriodSchema,
  NewsArticleSchema,
  NewsCategorySchema,
  NewsListSchema,
  QuoteGroupSchema,
  SPOT_ORDER_TYPES,
  SpotBalancesSchema,
  SpotOrderPageSchema,
  SpotOrderSchema,
  UserInfoSchema,
} from "./entities";
import { isValidEmail, isValidPhone } from "./core/rules";
import { klinePeriodFrom, TIME_IN_FORCE } from "./core/trading";
import { publicCall, userCall } from "./define-call";
import { personalCalls } from "./personal";
import { leverCalls } from "./lever";
import { notificationCalls } from "./notifications";
import { microCalls } from "./micro";
import { p2pCalls } from "./p2p";
import { ordersCalls, OrderIdempotencyKey, OrderNumberSchema, orderPrice } from "./orders";
import { exportCalls } from "./exports";
import {
  AccountDetailPayloadSchema,
  AccountGroupSchema,
  AccountLogPageSchema,
  AccountLogPayloadSchema,
  AccountSchema,
  AmendPayPasswordPayloadSchema,
  ConvertExecutePayloadSchema,
  ConvertPageSchema,
  ConvertQuotePayloadSchema,
  ConvertQuoteSchema,
  ConvertSchema,
  CreatePayOrderPayloadSchema,
  CurrencySchema,
  DepositPageSchema,
  DepositSchema,
  DrawPayloadSchema,
  LockListPayloadSchema,
  LockProductPageSchema,
  PagePayloadSchema,
  SavingsHoldingPageSchema,
  SavingsHoldingSchema,
  SubmitLockPayloadSchema,
  TransferLogPayloadSchema,
  TransferPageSchema,
  TransferPayloadSchema,
  TransferSchema,
  WalletPayloadSchema,
  WalletSchema,
  WithdrawalPageSchema,
  WithdrawalSchema,
} from "./money";

export { defineCall, publicCall, userCall } from "./define-call";

const Empty = z.object({});
/** Query and form values are strings: numbers are coerced, and '' means absent for optional fields. */
const Int = z.coerce.number().int();
const PositiveInt = z.coerce.number().int().positive();
/** A call about one record (a news article, an order): its id. */
const IdPayload = z.object({ id: PositiveInt });
/** A call about one pair: its id. */
const PairPayload = z.object({ currency_match_id: PositiveInt });
const OptionalPositiveInt = z
  .union([z.literal(""), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const OptionalString = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/** Code purpose for notify/send_*: 1 register, 2 forgot password, 3 trade password, 5 login. */
import { CODE_TYPE } from "./core/codes";
export { CODE_TYPE };
export const CodeTypeSchema = z.coerce
  .number()
  .int()
  .refine((v): v is 1 | 2 | 3 | 5 => v === 1 || v === 2 || v === 3 || v === 5, "field_invalid");

export const AccountTypeSchema = z.enum(["email", "mobile"]);
export type AccountType = z.infer<typeof AccountTypeSchema>;

const EmailTo = z.string().trim().min(1, "email_empty").refine(isValidEmail, "email_invalid");
const PhoneTo = z.string().trim().min(1, "phone_empty").refine(isValidPhone, "phone_invalid");

export const SendEmailPayloadSchema = z.object({ to: EmailTo, type: CodeTypeSchema, area_id: OptionalPositiveInt });
export const SendSmsPayloadSchema = z.object({ to: PhoneTo, type: CodeTypeSchema, area_id: OptionalPositiveInt });

/** The email or phone number an account signs in with. */
const AccountName = z.string().trim().min(1, "account_required").max(254);

export const LoginPayloadSchema = z.object({
  account: AccountName,
  password: z.string().min(1, "password_required").max(64),
  sms_code: OptionalString,
  /** Inferred from the account when absent ('@' means email). */
  login_type: z
    .union([z.literal(""), AccountTypeSchema])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  google_code: OptionalString,
  country_code: OptionalString,
});
export type LoginPayload = z.infer<typeof LoginPayloadSchema>;

/** Business checks (code, password rules, match, invite, taken) run in the handler, in the order of docs/product.md, "Account". */
export const RegisterPayloadSchema = z.object({
  account: AccountName,
  password: z.string().max(64).default(""),
  re_password: z.string().max(64).default(""),
  invite_code: OptionalString,
  area_id: OptionalPositiveInt,
  sms_code: z.string().trim().max(16).default(""),
  type: AccountTypeSchema,
});
export type RegisterPayload = z.infer<typeof RegisterPayloadSchema>;

export const ForgetPasswordPayloadSchema = z.object({
  account: AccountName,
  new_password: z.string().max(64).default(""),
  secondary_password: z.string().max(64).default(""),
  type: AccountTypeSchema,
  auth_code: z.string().trim().max(16).default(""),
});
export type ForgetPasswordPayload = z.infer<typeof ForgetPasswordPayloadSchema>;

export const KlinePayloadSchema = z
  .object({
    from: Int,
    to: Int,
    symbol: OptionalString,
    /** A period's name ('1min' … '1mon') or the chart's resolution name ('1' … '720', '1D', '3D', '1W', '1M'). */
    period: z.preprocess(klinePeriodFrom, KlinePeriodSchema),
    currency_match_id: OptionalPositiveInt,
  })
  .refine((p) => p.currency_match_id !== undefined || p.symbol !== undefined, {
    message: "field_required",
    path: ["currency_match_id"],
  });
export type KlinePayload = z.infer<typeof KlinePayloadSchema>;

export const SpotAddPayloadSchema = z
  .object({
    currency_match_id: PositiveInt,
    number: OrderNumberSchema,
    /** Required for a limit and a stop-limit order; ignored for a market order. */
    price: orderPrice("price"),
    /** 'limit' (default), 'market', or 'stop_limit' (a limit order placed on the book when the last trade reaches `trigger_price`). */
    type: z
      .union([z.literal(""), z.enum(SPOT_ORDER_TYPES)])
      .optional()
      .transform((v) => (v ? v : "limit")),
    /** Required for a stop-limit order, refused on the others: a buy's above the last price, a sell's below it. */
    trigger_price: orderPrice("trigger"),
    /**
     * A limit order's time in force: 'gtc' (default, until cancelled), 'ioc' (what fills at once, the rest revoked),
     * 'fok' (fills whole at once or is refused), 'post_only' (rests only, refused if it would take).
     */
    time_in_force: z
      .union([z.literal(""), z.enum(TIME_IN_FORCE)], { errorMap: () => ({ message: "time_in_force_invalid" }) })
      .optional()
      .transform((v) => (v ? v : "gtc")),
    /** A repeat with the same key (per user) is performed once and answered with the first result. */
    idempotency_key: OrderIdempotencyKey,
  })
  .superRefine((p, ctx) => {
    // A stop-limit order without a limit price is refused like a limit order without one.
    if (p.type !== "market" && p.price === undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["price"], message: "price_required" });
    if (p.type === "stop_limit" && p.trigger_price === undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["trigger_price"], message: "trigger_required" });
    if (p.type !== "stop_limit" && p.trigger_price !== undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["trigger_price"], message: "trigger_not_stop" });
    if (p.type !== "limit" && p.time_in_force !== "gtc")
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["time_in_force"], message: "time_in_force_not_limit" });
  });
export type SpotAddPayload = z.infer<typeof SpotAddPayloadSchema>;

export const SpotListPayloadSchema = z.object({
  currency_match_id: PositiveInt,
  page: PageSchema,
  /** Default 10, at most 100. */
  limit: LimitSchema,
  /** 'open' (default): open and partially filled orders; 'all': every order of this side. */
  status: z
    .union([z.literal(""), z.enum(["open", "all"])])
    .optional()
    .transform((v) => (v ? v : "open")),
});
export const SpotHistoryPayloadSchema = z.object({ currency_match_id: PositiveInt, page: PageSchema, limit: LimitSchema });

export const calls = {
  newsCategories: publicCall("GET", "news/categories", Empty, z.array(NewsCategorySchema)),
  newsList: publicCall("GET", "news/list", z.object({ category_id: PositiveInt, page: PageSchema, limit: LimitSchema }), NewsListSchema),
  newsInfo: publicCall("GET", "news/info", IdPayload, NewsArticleSchema),
  areaList: publicCall("GET", "default/area_list", Empty, z.array(AreaSchema)),
  setting: publicCall("GET", "default/setting", z.object({ key: z.string().trim().min(1).max(64) }), z.string().nullable()),
  sendSms: publicCall("POST", "notify/send_sms", SendSmsPayloadSchema, z.null().optional()),
  sendEmail: publicCall("POST", "notify/send_email", SendEmailPayloadSchema, z.null().optional()),
  login: publicCall("POST", "user/login", LoginPayloadSchema, z.string().min(1)),
  register: publicCall("POST", "user/register", RegisterPayloadSchema, z.null().optional()),
  userInfo: userCall("GET", "user/info", Empty, UserInfoSchema),
  logout: userCall("POST", "user/logout", Empty, z.null().optional()),
  authorizationCode: userCall("GET", "user/authorization_code", Empty, AuthorizationCodeSchema),
  forgetPassword: publicCall("POST", "user/forget_password", ForgetPasswordPayloadSchema, z.null().optional()),
  currencyMatches: publicCall("GET", "market/currency_matches", Empty, z.array(QuoteGroupSchema)),
  kline: publicCall("GET", "market/kline", KlinePayloadSchema, z.array(KlineBarSchema)),
  deal: publicCall("GET", "market/deal", PairPayload, DealSchema),
  txInAdd: userCall("POST", "tx_in/add", SpotAddPayloadSchema, SpotOrderSchema),
  txOutAdd: userCall("POST", "tx_out/add", SpotAddPayloadSchema, SpotOrderSchema),
  txInCancel: userCall("POST", "tx_in/cancel", IdPayload, SpotOrderSchema),
  txOutCancel: userCall("POST", "tx_out/cancel", IdPayload, SpotOrderSchema),
  txInList: userCall("GET", "tx_in/list", SpotListPayloadSchema, SpotOrderPageSchema),
  txOutList: userCall("GET", "tx_out/list", SpotListPayloadSchema, SpotOrderPageSchema),
  txHistoryList: userCall("GET", "tx_history/list", SpotHistoryPayloadSchema, SpotOrderPageSchema),
  spotBalances: userCall("GET", "account/spot_balances", PairPayload, SpotBalancesSchema),

  // ------------------------------------------------------------ accounts and money movement (issue 4)
  accountList: userCall("GET", "account/list", Empty, z.array(AccountGroupSchema)),
  accountDetail: userCall("GET", "account/detail", AccountDetailPayloadSchema, AccountSchema),
  wallet: userCall("GET", "wallet/wallet", WalletPayloadSchema, WalletSchema),
  createPayOrder: userCall("POST", "wallet/createPayOrder", CreatePayOrderPayloadSchema, DepositSchema),
  depositList: userCall("GET", "wallet/deposit_list", PagePayloadSchema, DepositPageSchema),
  draw: userCall("POST", "account/draw", DrawPayloadSchema, WithdrawalSchema),
  drawList: userCall("GET", "account/draw_list", PagePayloadSchema, WithdrawalPageSchema),
  transfer: userCall("POST", "account/transfer", TransferPayloadSchema, TransferSchema),
  transferLog: userCall("GET", "account/transfer_log", TransferLogPayloadSchema, TransferPageSchema),
  currencyProtocols: publicCall("GET", "block_chain/currency_protocols", Empty, z.array(CurrencySchema)),
  accountLogChange: userCall("GET", "account_log/change", AccountLogPayloadSchema, AccountLogPageSchema),
  accountLogLegal: userCall("GET", "account_log/legal", AccountLogPayloadSchema, AccountLogPageSchema),
  accountLogLever: userCall("GET", "account_log/lever", AccountLogPayloadSchema, AccountLogPageSchema),
  accountLogMicro: userCall("GET", "account_log/micro", AccountLogPayloadSchema, AccountLogPageSchema),
  accountLogFinancial: userCall("GET", "account_log/financial", AccountLogPayloadSchema, AccountLogPageSchema),
  amendPayPassword: userCall("POST", "user/amend_pay_password", AmendPayPasswordPayloadSchema, z.null().optional()),
  lockList: publicCall("GET", "storage_currency/lock_list", LockListPayloadSchema, LockProductPageSchema),
  currentSetting: userCall("GET", "storage_currency/current_setting", LockListPayloadSchema, SavingsHoldingPageSchema),
  submitLock: userCall("POST", "storage_currency/submit_lock", SubmitLockPayloadSchema, SavingsHoldingSchema),
  savingsLog: userCall("GET", "storage_currency/log", PagePayloadSchema, AccountLogPageSchema),
  convertQuote: userCall("POST", "convert/quote", ConvertQuotePayloadSchema, ConvertQuoteSchema),
  /** An expired quote answers code 0 with the localized 'quote expired' msg AND a fresh ConvertQuote in `data`. */
  convertExecute: userCall("POST", "convert/execute", ConvertExecutePayloadSchema, ConvertSchema),
  convertHistory: userCall("GET", "convert/history", PagePayloadSchema, ConvertPageSchema),
  ...personalCalls,
  ...notificationCalls,
  ...leverCalls,
  ...microCalls,
  ...p2pCalls,
  ...ordersCalls,
  ...exportCalls,
};

export type Calls = typeof calls;
export type CallName = keyof typeof calls;
/** What the caller passes (strings allowed where the wire carries strings). */
export type CallPayload<N extends CallName> = z.input<Calls[N]["payload"]>;
/** The payload after validation (what the exchange sees). */
export type CallParsedPayload<N extends CallName> = z.output<Calls[N]["payload"]>;
/** The envelope's `data` on success. */
export type CallData<N extends CallName> = z.output<Calls[N]["data"]>;

/** Finds a call by its path below /api/ ('news/list'). */
export function callByPath(path: string): { name: CallName; call: Calls[CallName] } | undefined {
  for (const name of Object.keys(calls) as CallName[]) {
    if (calls[name].path === path) return { name, call: calls[name] };
  }
  return undefined;
}
