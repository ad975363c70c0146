import DecimalBase from "decimal.js";
import { z } from "zod";
import { DecimalStringSchema, FlagSchema, IdSchema } from "./entities";

/**
 * Accounts and money movement: account groups, deposits, withdrawals, transfers, the account log, savings,
 * flash convert and the address service. Shared by the app and the embedded exchange; no node imports.
 */

const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 });

// ---------------------------------------------------------------- constants
/** The five account codes (SPEC §3). `change_account` is the spot (coin) account. */
export const ACCOUNT_CODES = ["change_account", "legal_account", "lever_account", "micro_account", "financial_account"] as const;
export type AccountCode = (typeof ACCOUNT_CODES)[number];
export const AccountCodeSchema = z.enum(ACCOUNT_CODES);

/** Numeric account type ids (`account_type_id`): 1 change, 2 legal, 3 lever, 4 micro, 5 financial. */
export const ACCOUNT_TYPE_IDS: Record<AccountCode, number> = {
  change_account: 1,
  legal_account: 2,
  lever_account: 3,
  micro_account: 4,
  financial_account: 5,
};
export function accountCodeOfTypeId(id: number): AccountCode | undefined {
  return ACCOUNT_CODES.find((c) => ACCOUNT_TYPE_IDS[c] === id);
}

/** The account-log calls: `account_log/<key>` lists the log of that account code. */
export const ACCOUNT_LOG_KINDS = { change: "change_account", legal: "legal_account", lever: "lever_account", micro: "micro_account", financial: "financial_account" } as const;

/** Records pages hold 15 entries; the pager shows only when total exceeds this (SPEC §9). */
export const RECORDS_PAGE_SIZE = 15;
/** storage_currency lists: at most 30 (SPEC §9). */
export const LOCK_LIST_LIMIT = 30;
/** Flash convert: the spread taken from the live mid rate, and how long a quote is honoured. */
export const CONVERT_SPREAD = "0.002";
export const CONVERT_QUOTE_TTL_MS = 10_000;
/** Five wrong trade passwords in a row lock withdrawals for 15 minutes. */
export const PAY_PASSWORD_MAX_FAILS = 5;
export const PAY_PASSWORD_LOCK_MS = 15 * 60_000;
/** Address service: the code type of SendVerificationcode, its resend wait, and the oldest timestamp accepted. */
export const ADDRESS_CODE_TYPE = 6;
export const ADDRESS_CODE_RESEND_SECONDS = 59;
export const ADDRESS_SIGN_MAX_AGE_SECONDS = 300;
/** A timestamp may be ahead of the service's clock by this much (clock skew); more is refused. */
export const ADDRESS_SIGN_MAX_SKEW_SECONDS = 30;

/** Account-log entry categories (`category`), derived from `type`. */
export const LOG_CATEGORIES = ["trade", "fee", "transfer", "deposit", "withdrawal", "savings", "convert", "other"] as const;
export type LogCategory = (typeof LOG_CATEGORIES)[number];

/** Ledger types written by the exchange and the category each belongs to. */
export const LOG_TYPE_CATEGORY: Record<string, LogCategory> = {
  spot_lock: "trade",
  spot_unlock: "trade",
  spot_trade: "trade",
  spot_refund: "trade",
  spot_fee: "fee",
  transfer: "transfer",
  deposit: "deposit",
  seed: "deposit",
  admin_credit: "deposit",
  withdrawal: "withdrawal",
  withdrawal_fee: "fee",
  withdrawal_refund: "withdrawal",
  savings_lock: "savings",
  savings_interest: "savings",
  savings_return: "savings",
  convert: "convert",
};
export function logCategoryOf(type: string): LogCategory {
  return LOG_TYPE_CATEGORY[type] ?? "other";
}

// ---------------------------------------------------------------- pure money rules (tested)
/** Decimals of a plain decimal string, trailing zeros ignored ('1.2500' → 2). */
export function decimalPlacesOf(v: string): number {
  const dot = v.indexOf(".");
  return dot < 0 ? 0 : v.slice(dot + 1).replace(/0+$/, "").length;
}

/**
 * Withdrawal: `received = amount × (1 − rate)` rounded DOWN to the currency's decimals, `fee = amount − received`
 * (so the fee is `amount × rate` rounded up to the same decimals, and fee + received = amount exactly).
 */
export function withdrawalAmounts(amount: string, rate: string, decimals: number): { fee: string; received: string } {
  const a = new Decimal(amount);
  const received = a.times(new Decimal(1).minus(rate)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return { fee: a.minus(received).toFixed(), received: received.toFixed() };
}

/** USD value of `balance + lock` at `usdPrice`, floored to 2 decimals (display, SPEC §9). */
export function usdValue(total: string, usdPrice: string): string {
  return new Decimal(total).times(usdPrice).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** Sum of exact USD values, floored to 2 decimals once (a group total is not the sum of floored rows). */
export function usdTotal(items: Array<{ total: string; usdPrice: string }>): string {
  let sum = new Decimal(0);
  for (const i of items) sum = sum.plus(new Decimal(i.total).times(i.usdPrice));
  return sum.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
}

/** Convert: what `amount` of the source buys at `rate` (target per source), floored to the target's decimals. */
export function convertReceive(amount: string, rate: string, toDecimals: number): string {
  return new Decimal(amount).times(rate).toDecimalPlaces(toDecimals, Decimal.ROUND_DOWN).toFixed();
}

/** Savings: one day's interest of `principal` at `annualRate` (fraction per 365-day year), floored to the currency's decimals. */
export function dailyInterest(principal: string, annualRate: string, decimals: number): string {
  return new Decimal(principal).times(annualRate).div(365).toDecimalPlaces(decimals, Decimal.ROUND_DOWN).toFixed();
}

// ---------------------------------------------------------------- payload pieces
const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
const OptionalPositiveInt = z
  .union([z.literal(""), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const IdempotencyKey = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v ?? "");

/** A positive plain decimal amount; `requiredKey` is the message when it is missing. Currency decimals are checked by the exchange. */
export function moneyAmount(requiredKey: string) {
  return z
    .string({ required_error: requiredKey, invalid_type_error: requiredKey })
    .trim()
    .min(1, requiredKey)
    .max(40, "amount_invalid")
    .regex(PLAIN_DECIMAL, "amount_invalid")
    .refine((v) => /[1-9]/.test(v), "amount_positive");
}

/** An account given by its code ('lever_account') or its type id (3). */
export const AccountRefSchema = z
  .union([AccountCodeSchema, z.coerce.number().int().min(1).max(5)])
  .transform((v) => (typeof v === "number" ? accountCodeOfTypeId(v)! : v));

export const AccountDetailPayloadSchema = z.object({
  currency_id: z.coerce.number().int().positive(),
  /** Default 1 (change_account). */
  account_type_id: z
    .union([z.literal(""), z.coerce.number().int().min(1).max(5)])
    .optional()
    .transform((v) => (v === "" || v === undefined ? 1 : v)),
  /** Optional account id; when given it must be this user's account of that currency and type. */
  id: OptionalPositiveInt,
});

export const WalletPayloadSchema = z.object({ currency_id: z.coerce.number().int().positive(), currency_protocol_id: OptionalPositiveInt });

/** Field order is the order of the checks (the first problem is reported). */
export const CreatePayOrderPayloadSchema = z.object({
  currency_id: z.coerce.number().int().positive(),
  currency_protocol_id: OptionalPositiveInt,
  chargeNum: moneyAmount("deposit_amount_required"),
  walletAddress: z.string({ required_error: "wallet_address_required" }).trim().min(1, "wallet_address_required").max(128, "address_invalid"),
  /** The platform address the coins were sent to (from wallet/wallet); optional. */
  in_address: OptionalText(128),
  idempotency_key: IdempotencyKey,
});

/** SPEC §5 order: address, amount, trade password. */
export const DrawPayloadSchema = z.object({
  currency_id: z.coerce.number().int().positive(),
  address: z.string({ required_error: "draw_address_required" }).trim().min(1, "draw_address_required").max(128, "address_invalid"),
  number: moneyAmount("draw_amount_required"),
  pay_password: z.string({ required_error: "pay_password_required" }).min(1, "pay_password_required").max(64),
  memo: OptionalText(64),
  /** The chain; default the currency's first. */
  currency_protocol_id: OptionalPositiveInt,
  idempotency_key: IdempotencyKey,
});

export const TransferPayloadSchema = z.object({
  currency_id: z.coerce.number().int().positive(),
  balance: moneyAmount("transfer_amount_required"),
  from: AccountRefSchema,
  to: AccountRefSchema,
  idempotency_key: IdempotencyKey,
});

export const AccountLogPayloadSchema = z.object({
  /** Absent or '' = all currencies. */
  currency_id: OptionalPositiveInt,
  page: OptionalPositiveInt,
  /** Default 15, at most 100. */
  limit: OptionalPositiveInt,
});
export const PagePayloadSchema = z.object({ page: OptionalPositiveInt, limit: OptionalPositiveInt });
export const TransferLogPayloadSchema = z.object({ currency_id: OptionalPositiveInt, page: OptionalPositiveInt, limit: OptionalPositiveInt });

export const AmendPayPasswordPayloadSchema = z.object({
  password: z.string().max(64).default(""),
  re_password: z.string().max(64).default(""),
  auth_code: z.string().trim().max(16).default(""),
});

export const LockListPayloadSchema = z.object({ limit: OptionalPositiveInt, page: OptionalPositiveInt });
export const SubmitLockPayloadSchema = z.object({
  id: z.coerce.number().int().positive(),
  /** Default the product's limit_number. */
  number: z
    .union([z.literal(""), moneyAmount("amount_required")])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  idempotency_key: IdempotencyKey,
});

export const ConvertQuotePayloadSchema = z.object({
  from_currency_id: z.coerce.number().int().positive(),
  to_currency_id: z.coerce.number().int().positive(),
  amount: moneyAmount("amount_required"),
});
export const ConvertExecutePayloadSchema = z.object({
  quote_id: z.string({ required_error: "field_required" }).trim().min(1, "field_required").max(64),
  idempotency_key: IdempotencyKey,
});

// ---------------------------------------------------------------- entities
const CodeRefSchema = z.object({ id: IdSchema, code: z.string() });
const NullableTime = z.preprocess((v) => (v === undefined ? null : v), z.coerce.number().int().nullable());

export const ChainProtocolSchema = z.object({ id: IdSchema, code: z.string() });
export type ChainProtocol = z.infer<typeof ChainProtocolSchema>;

export const CurrencyProtocolSchema = z.object({
  id: IdSchema,
  chain_protocol: ChainProtocolSchema,
  /** Token contract on the chain ('' for the chain's native coin). */
  token_address: z.string(),
  /** The platform's deposit address on this chain (shared; per-user addresses come from wallet/wallet). */
  in_address: z.string(),
  /** 1 when addresses on this chain need a memo / destination tag (XRP). */
  needs_memo: FlagSchema,
});
export type CurrencyProtocol = z.infer<typeof CurrencyProtocolSchema>;

export const AccountTypeEntrySchema = z.object({ id: IdSchema, name: z.string(), account_code: AccountCodeSchema });

export const CurrencySchema = z.object({
  id: IdSchema,
  code: z.string(),
  name: z.string(),
  /** Decimals amounts of this currency may have. */
  decimals: z.coerce.number().int(),
  usd_price: DecimalStringSchema,
  open_recharge: FlagSchema,
  open_draw: FlagSchema,
  /** Withdrawal fee as a fraction ('0.001' = 0.1 %). */
  draw_rate: DecimalStringSchema,
  draw_min: DecimalStringSchema,
  /** '0' = no maximum. */
  draw_max: DecimalStringSchema,
  /** 1 when transfers between accounts are offered for this currency (with more than one account type). */
  is_recharge_account: FlagSchema,
  account_types: z.array(AccountTypeEntrySchema),
  currency_protocols: z.array(CurrencyProtocolSchema),
});
export type Currency = z.infer<typeof CurrencySchema>;

export const AccountSchema = z.object({
  id: IdSchema,
  user_id: IdSchema,
  currency_id: IdSchema,
  currency_code: z.string(),
  account_code: AccountCodeSchema,
  account_type_id: IdSchema,
  /** Available. */
  balance: DecimalStringSchema,
  /** Locked (open orders, withdrawals under review, savings principal). */
  lock_balance: DecimalStringSchema,
  /** (balance + lock_balance) × USD price, floored to 2 decimals. */
  convert_usd: DecimalStringSchema,
  currency: CurrencySchema,
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountGroupSchema = z.object({
  account_code: AccountCodeSchema,
  account_type_id: IdSchema,
  /** Localized name of the account. */
  name: z.string(),
  /** 1 only for change_account: deposit and withdraw are offered there. */
  is_recharge: FlagSchema,
  /** Total USD value of the group, floored to 2 decimals. */
  convert_usd: DecimalStringSchema,
  accounts: z.array(AccountSchema),
});
export type AccountGroup = z.infer<typeof AccountGroupSchema>;

export const WalletSchema = z.object({
  currency_id: IdSchema,
  currency_code: z.string(),
  currency_protocol_id: IdSchema,
  chain_protocol: ChainProtocolSchema,
  address: z.string(),
  /** '' unless the chain needs a memo (XRP destination tag). */
  memo: z.string(),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const REVIEW_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const DepositSchema = z.object({
  id: IdSchema,
  currency: CodeRefSchema,
  /** Chain code or ''. */
  chain: z.string(),
  amount: DecimalStringSchema,
  in_address: z.string(),
  wallet_address: z.string(),
  status: z.enum(REVIEW_STATUSES),
  status_name: z.string(),
  created_at: z.coerce.number().int(),
  reviewed_at: NullableTime,
});
export type Deposit = z.infer<typeof DepositSchema>;

export const WithdrawalSchema = z.object({
  id: IdSchema,
  currency: CodeRefSchema,
  chain: z.string(),
  address: z.string(),
  memo: z.string(),
  /** Amount debited (locked until review). */
  number: DecimalStringSchema,
  fee: DecimalStringSchema,
  /** What arrives: number − fee. */
  received: DecimalStringSchema,
  rate: DecimalStringSchema,
  status: z.enum(REVIEW_STATUSES),
  status_name: z.string(),
  created_at: z.coerce.number().int(),
  reviewed_at: NullableTime,
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

export const TransferSchema = z.object({
  id: IdSchema,
  currency: CodeRefSchema,
  balance: DecimalStringSchema,
  from: AccountCodeSchema,
  to: AccountCodeSchema,
  from_name: z.string(),
  to_name: z.string(),
  created_at: z.coerce.number().int(),
});
export type Transfer = z.infer<typeof TransferSchema>;

export const AccountLogEntrySchema = z.object({
  id: IdSchema,
  currency_id: IdSchema,
  currency: z.object({ code: z.string() }),
  account_code: AccountCodeSchema,
  /** Which column moved: the available balance or the locked balance. */
  field: z.enum(["balance", "lock_balance"]),
  /** Signed change. */
  value: DecimalStringSchema,
  balance_after: DecimalStringSchema,
  /** What moved the money (ledger type, e.g. transfer, deposit, withdrawal, withdrawal_fee, savings_interest, spot_trade). */
  type: z.string(),
  category: z.enum(LOG_CATEGORIES).catch("other"),
  /** Localized description. */
  memo: z.string(),
  /** `from`: the other account of a transfer (and its direction); other keys depend on the type. */
  extra_data: z.record(z.unknown()).and(z.object({ from: z.string().optional() })),
  created_at: z.coerce.number().int(),
});
export type AccountLogEntry = z.infer<typeof AccountLogEntrySchema>;

export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    total: z.coerce.number().int(),
    per_page: z.coerce.number().int(),
    last_page: z.coerce.number().int(),
    current_page: z.coerce.number().int(),
    data: z.array(item),
  });
}

export const AccountLogPageSchema = pageOf(AccountLogEntrySchema);
export const TransferPageSchema = pageOf(TransferSchema);
export const DepositPageSchema = pageOf(DepositSchema);
export const WithdrawalPageSchema = pageOf(WithdrawalSchema);

export const LockProductSchema = z.object({
  id: IdSchema,
  /** Localized ('USDT 30-day fixed savings'). */
  name: z.string(),
  /** Cycle in days. */
  limit_days: z.coerce.number().int(),
  /** Annual rate in percent, 2 decimals ('6.80'). */
  display_rate: DecimalStringSchema,
  /** Annual rate as a fraction ('0.068'). */
  annual_rate: DecimalStringSchema,
  /** The standard and minimum amount of one purchase (bought when `number` is absent). */
  limit_number: DecimalStringSchema,
  /** The largest amount of one purchase. */
  max_number: DecimalStringSchema,
  /** Interest per day of `limit_number`. */
  daily_dividend: DecimalStringSchema,
  currency: CodeRefSchema,
});
export type LockProduct = z.infer<typeof LockProductSchema>;
export const LockProductPageSchema = pageOf(LockProductSchema);

export const SAVINGS_STATUSES = ["active", "expired"] as const;
export const SavingsHoldingSchema = z.object({
  id: IdSchema,
  product_id: IdSchema,
  name: z.string(),
  currency: CodeRefSchema,
  /** Principal. */
  number: DecimalStringSchema,
  display_rate: DecimalStringSchema,
  limit_days: z.coerce.number().int(),
  daily_dividend: DecimalStringSchema,
  /** Interest paid so far. */
  cumulative_income: DecimalStringSchema,
  days_accrued: z.coerce.number().int(),
  /** Days of interest still to come (0 when expired). */
  remaining_days: z.coerce.number().int(),
  /** 'active' (in force) or 'expired' (principal returned). */
  status: z.enum(SAVINGS_STATUSES),
  status_name: z.string(),
  created_at: z.coerce.number().int(),
  /** 00:00 UTC after the purchase: interest starts. */
  value_date: z.coerce.number().int(),
  /** When the last interest is paid and the principal returns. */
  end_at: z.coerce.number().int(),
  next_accrual_at: NullableTime,
});
export type SavingsHolding = z.infer<typeof SavingsHoldingSchema>;
export const SavingsHoldingPageSchema = pageOf(SavingsHoldingSchema);

export const ConvertQuoteSchema = z.object({
  quote_id: z.string(),
  from_currency: CodeRefSchema,
  to_currency: CodeRefSchema,
  amount: DecimalStringSchema,
  /** Live mid rate (target per source). */
  mid_rate: DecimalStringSchema,
  /** Rate offered: mid × (1 − spread). */
  rate: DecimalStringSchema,
  /** amount × rate, floored to the target's decimals. */
  receive: DecimalStringSchema,
  /** Spread as a fraction ('0.002' = 0.2 %). */
  spread: DecimalStringSchema,
  /** Unix ms; execute before this. */
  expires_at: z.coerce.number().int(),
  ttl_ms: z.coerce.number().int(),
});
export type ConvertQuote = z.infer<typeof ConvertQuoteSchema>;

export const ConvertSchema = z.object({
  id: IdSchema,
  quote_id: z.string(),
  from_currency: CodeRefSchema,
  to_currency: CodeRefSchema,
  amount: DecimalStringSchema,
  rate: DecimalStringSchema,
  receive: DecimalStringSchema,
  spread: DecimalStringSchema,
  created_at: z.coerce.number().int(),
});
export type Convert = z.infer<typeof ConvertSchema>;
export const ConvertPageSchema = pageOf(ConvertSchema);

// ---------------------------------------------------------------- address service (/addr/, no token, signed)
/**
 * Every address-service call is form data `data` (a JSON object as a string) and `sign` =
 * lowercase hex sha256(data + secret); `data.timestamp` is unix seconds (ms accepted), at most 5 minutes old.
 */
export const ADDRESS_SERVICE_PATHS = {
  getDrawAddress: "/addr/GetDrawAddress",
  sendVerificationcode: "/addr/SendVerificationcode",
  bindDrawAddress: "/addr/BindDrawAddress",
  removeDrawAddress: "/addr/RemoveDrawAddress",
} as const;

const Timestamp = z.coerce.number().int().positive();
const UserId = z.coerce.number().int().positive();
export const AddressGetDataSchema = z.object({
  user_id: UserId,
  /** Currency code ('USDT'); absent = every entry of the user. */
  coin_name: z.string().trim().max(16).optional(),
  /** Token contract of the chain ('' for a native coin) or the chain code ('TRC20'); absent = every chain. */
  contract_address: z.string().trim().max(128).optional(),
  timestamp: Timestamp,
});
export const AddressSendCodeDataSchema = z.object({ user_id: UserId, timestamp: Timestamp });
export const AddressBindDataSchema = z.object({
  user_id: UserId,
  address: z.string({ required_error: "draw_address_required" }).trim().min(1, "draw_address_required").max(128, "address_invalid"),
  coin_name: z.string().trim().min(1, "field_required").max(16),
  contract_address: z.string().trim().max(128).default(""),
  memo: z.string().trim().max(64).default(""),
  verificationcode: z.string({ required_error: "code_required" }).trim().min(1, "code_required").max(16),
  timestamp: Timestamp,
});
export const AddressRemoveDataSchema = z.object({ user_id: UserId, id: z.coerce.number().int().positive(), timestamp: Timestamp });

export const AddressEntrySchema = z.object({
  id: IdSchema,
  user_id: IdSchema,
  currency_id: IdSchema,
  coin_name: z.string(),
  currency_protocol_id: IdSchema,
  chain: z.string(),
  contract_address: z.string(),
  address: z.string(),
  memo: z.string(),
  created_at: z.coerce.number().int(),
});
export type AddressEntry = z.infer<typeof AddressEntrySchema>;
