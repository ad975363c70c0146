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
import { klinePeriodFrom } from "./core/trading";
import { defineCall } from "./define-call";
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

export { defineCall };

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

export const LoginPayloadSchema = z.object({
  account: z.string().trim().min(1, "account_required").max(254),
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
  account: z.string().trim().min(1, "account_required").max(254),
  password: z.string().max(64).default(""),
  re_password: z.string().max(64).default(""),
  invite_code: OptionalString,
  area_id: OptionalPositiveInt,
  sms_code: z.string().trim().max(16).default(""),
  type: AccountTypeSchema,
});
export type RegisterPayload = z.infer<typeof RegisterPayloadSchema>;

export const ForgetPasswordPayloadSchema = z.object({
  account: z.string().trim().min(1, "account_required").max(254),
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
  newsCategories: defineCall({ method: "GET", path: "news/categories", auth: false, payload: Empty, data: z.array(NewsCategorySchema) }),
  newsList: defineCall({
    method: "GET",
    path: "news/list",
    auth: false,
    payload: z.object({ category_id: PositiveInt, page: PageSchema, limit: LimitSchema }),
    data: NewsListSchema,
  }),
  newsInfo: defineCall({ method: "GET", path: "news/info", auth: false, payload: IdPayload, data: NewsArticleSchema }),
  areaList: defineCall({ method: "GET", path: "default/area_list", auth: false, payload: Empty, data: z.array(AreaSchema) }),
  setting: defineCall({
    method: "GET",
    path: "default/setting",
    auth: false,
    payload: z.object({ key: z.string().trim().min(1).max(64) }),
    data: z.string().nullable(),
  }),
  sendSms: defineCall({ method: "POST", path: "notify/send_sms", auth: false, payload: SendSmsPayloadSchema, data: z.null().optional() }),
  sendEmail: defineCall({
    method: "POST",
    path: "notify/send_email",
    auth: false,
    payload: SendEmailPayloadSchema,
    data: z.null().optional(),
  }),
  login: defineCall({ method: "POST", path: "user/login", auth: false, payload: LoginPayloadSchema, data: z.string().min(1) }),
  register: defineCall({ method: "POST", path: "user/register", auth: false, payload: RegisterPayloadSchema, data: z.null().optional() }),
  userInfo: defineCall({ method: "GET", path: "user/info", auth: true, payload: Empty, data: UserInfoSchema }),
  logout: defineCall({ method: "POST", path: "user/logout", auth: true, payload: Empty, data: z.null().optional() }),
  authorizationCode: defineCall({
    method: "GET",
    path: "user/authorization_code",
    auth: true,
    payload: Empty,
    data: AuthorizationCodeSchema,
  }),
  forgetPassword: defineCall({
    method: "POST",
    path: "user/forget_password",
    auth: false,
    payload: ForgetPasswordPayloadSchema,
    data: z.null().optional(),
  }),
  currencyMatches: defineCall({
    method: "GET",
    path: "market/currency_matches",
    auth: false,
    payload: Empty,
    data: z.array(QuoteGroupSchema),
  }),
  kline: defineCall({ method: "GET", path: "market/kline", auth: false, payload: KlinePayloadSchema, data: z.array(KlineBarSchema) }),
  deal: defineCall({ method: "GET", path: "market/deal", auth: false, payload: PairPayload, data: DealSchema }),
  txInAdd: defineCall({ method: "POST", path: "tx_in/add", auth: true, payload: SpotAddPayloadSchema, data: SpotOrderSchema }),
  txOutAdd: defineCall({ method: "POST", path: "tx_out/add", auth: true, payload: SpotAddPayloadSchema, data: SpotOrderSchema }),
  txInCancel: defineCall({ method: "POST", path: "tx_in/cancel", auth: true, payload: IdPayload, data: SpotOrderSchema }),
  txOutCancel: defineCall({ method: "POST", path: "tx_out/cancel", auth: true, payload: IdPayload, data: SpotOrderSchema }),
  txInList: defineCall({ method: "GET", path: "tx_in/list", auth: true, payload: SpotListPayloadSchema, data: SpotOrderPageSchema }),
  txOutList: defineCall({ method: "GET", path: "tx_out/list", auth: true, payload: SpotListPayloadSchema, data: SpotOrderPageSchema }),
  txHistoryList: defineCall({
    method: "GET",
    path: "tx_history/list",
    auth: true,
    payload: SpotHistoryPayloadSchema,
    data: SpotOrderPageSchema,
  }),
  spotBalances: defineCall({ method: "GET", path: "account/spot_balances", auth: true, payload: PairPayload, data: SpotBalancesSchema }),

  // ------------------------------------------------------------ accounts and money movement (issue 4)
  accountList: defineCall({ method: "GET", path: "account/list", auth: true, payload: Empty, data: z.array(AccountGroupSchema) }),
  accountDetail: defineCall({
    method: "GET",
    path: "account/detail",
    auth: true,
    payload: AccountDetailPayloadSchema,
    data: AccountSchema,
  }),
  wallet: defineCall({ method: "GET", path: "wallet/wallet", auth: true, payload: WalletPayloadSchema, data: WalletSchema }),
  createPayOrder: defineCall({
    method: "POST",
    path: "wallet/createPayOrder",
    auth: true,
    payload: CreatePayOrderPayloadSchema,
    data: DepositSchema,
  }),
  depositList: defineCall({ method: "GET", path: "wallet/deposit_list", auth: true, payload: PagePayloadSchema, data: DepositPageSchema }),
  draw: defineCall({ method: "POST", path: "account/draw", auth: true, payload: DrawPayloadSchema, data: WithdrawalSchema }),
  drawList: defineCall({ method: "GET", path: "account/draw_list", auth: true, payload: PagePayloadSchema, data: WithdrawalPageSchema }),
  transfer: defineCall({ method: "POST", path: "account/transfer", auth: true, payload: TransferPayloadSchema, data: TransferSchema }),
  transferLog: defineCall({
    method: "GET",
    path: "account/transfer_log",
    auth: true,
    payload: TransferLogPayloadSchema,
    data: TransferPageSchema,
  }),
  currencyProtocols: defineCall({
    method: "GET",
    path: "block_chain/currency_protocols",
    auth: false,
    payload: Empty,
    data: z.array(CurrencySchema),
  }),
  accountLogChange: defineCall({
    method: "GET",
    path: "account_log/change",
    auth: true,
    payload: AccountLogPayloadSchema,
    data: AccountLogPageSchema,
  }),
  accountLogLegal: defineCall({
    method: "GET",
    path: "account_log/legal",
    auth: true,
    payload: AccountLogPayloadSchema,
    data: AccountLogPageSchema,
  }),
  accountLogLever: defineCall({
    method: "GET",
    path: "account_log/lever",
    auth: true,
    payload: AccountLogPayloadSchema,
    data: AccountLogPageSchema,
  }),
  accountLogMicro: defineCall({
    method: "GET",
    path: "account_log/micro",
    auth: true,
    payload: AccountLogPayloadSchema,
    data: AccountLogPageSchema,
  }),
  accountLogFinancial: defineCall({
    method: "GET",
    path: "account_log/financial",
    auth: true,
    payload: AccountLogPayloadSchema,
    data: AccountLogPageSchema,
  }),
  amendPayPassword: defineCall({
    method: "POST",
    path: "user/amend_pay_password",
    auth: true,
    payload: AmendPayPasswordPayloadSchema,
    data: z.null().optional(),
  }),
  lockList: defineCall({
    method: "GET",
    path: "storage_currency/lock_list",
    auth: false,
    payload: LockListPayloadSchema,
    data: LockProductPageSchema,
  }),
  currentSetting: defineCall({
    method: "GET",
    path: "storage_currency/current_setting",
    auth: true,
    payload: LockListPayloadSchema,
    data: SavingsHoldingPageSchema,
  }),
  submitLock: defineCall({
    method: "POST",
    path: "storage_currency/submit_lock",
    auth: true,
    payload: SubmitLockPayloadSchema,
    data: SavingsHoldingSchema,
  }),
  savingsLog: defineCall({
    method: "GET",
    path: "storage_currency/log",
    auth: true,
    payload: PagePayloadSchema,
    data: AccountLogPageSchema,
  }),
  convertQuote: defineCall({
    method: "POST",
    path: "convert/quote",
    auth: true,
    payload: ConvertQuotePayloadSchema,
    data: ConvertQuoteSchema,
  }),
  /** An expired quote answers code 0 with the localized 'quote expired' msg AND a fresh ConvertQuote in `data`. */
  convertExecute: defineCall({
    method: "POST",
    path: "convert/execute",
    auth: true,
    payload: ConvertExecutePayloadSchema,
    data: ConvertSchema,
  }),
  convertHistory: defineCall({ method: "GET", path: "convert/history", auth: true, payload: PagePayloadSchema, data: ConvertPageSchema }),
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
