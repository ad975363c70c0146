import { z } from "zod";
import { LimitSchema, PageSchema, pageOf } from "./paging";
import { DecimalStringSchema, FlagSchema, IdSchema, IdempotencyKeySchema } from "./entities";
import { ACCOUNT_CODES, accountCodeOfTypeId } from "./core/accounts";
import { LOG_CATEGORIES, REVIEW_STATUSES, SAVINGS_STATUSES } from "./core/money";
import { PLAIN_DECIMAL } from "./core/trading";

export * from "./core/accounts";
export * from "./core/money";

/**
 * Accounts and money movement: account groups, deposits, withdrawals, transfers, the account log, savings,
 * flash convert and the address service. Shared by the app and the embedded exchange; no node imports.
 */

export const AccountCodeSchema = z.enum(ACCOUNT_CODES);

// ---------------------------------------------------------------- payload pieces
const OptionalPositiveInt = z
  .union([z.literal(""), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (v === "" ? undefined : v));
const IdempotencyKey = IdempotencyKeySchema;
/**
 * Control characters (C0, DEL, C1) and bidi overrides: refused in addresses and memos, which operators read in a
 * terminal (an escape sequence there could rewrite the screen) and users copy to pay out.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const noControlChars = (v: string) => !CONTROL_CHARS.test(v);
/** An address on a chain, typed by the user: required (with the form's own message), at most 128 characters, no control characters. */
const ChainAddress = (required: string) =>
  z.string({ required_error: required }).trim().min(1, required).max(128, "address_invalid").refine(noControlChars, "control_chars");
const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(noControlChars, "control_chars")
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
  walletAddress: ChainAddress("wallet_address_required"),
  /** The platform address the coins were sent to (from wallet/wallet); optional. */
  in_address: OptionalText(128),
  idempotency_key: IdempotencyKey,
});

/** Checked in this order: address, amount, trade password (docs/product.md, "Withdrawals"). */
export const DrawPayloadSchema = z.object({
  currency_id: z.coerce.number().int().positive(),
  address: ChainAddress("draw_address_required"),
  number: moneyAmount("draw_amount_required"),
  pay_password: z.string({ required_error: "pay_password_required" }).min(1, "pay_password_required").max(64),
  memo: OptionalText(64),
  /** The authenticator's current code, required while the user's authenticator is on. */
  google_code: OptionalText(6),
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

export const PagePayloadSchema = z.object({ page: PageSchema, limit: LimitSchema });
/** A page of the records of one currency (`currency_id` absent or '' = all currencies); `limit` RECORDS_PAGE_SIZE unless asked, at most 100. */
export const AccountLogPayloadSchema = PagePayloadSchema.extend({ currency_id: OptionalPositiveInt });
export const TransferLogPayloadSchema = AccountLogPayloadSchema;

/**
 * The first design's payload is `password` and `auth_code`; `re_password` is ours (the app's form sends it): when it is
 * sent it must be present and equal, when it is left out the call takes those two fields (decision 012).
 */
export const AmendPayPasswordPayloadSchema = z.object({
  password: z.string().max(64).default(""),
  re_password: z.string().max(64).optional(),
  auth_code: z.string().trim().max(16).default(""),
  /** Ours: the authenticator's code, required when it is on (a stolen session alone cannot change the trade password). */
  google_code: z.string().trim().max(6).optional(),
});

export const LockListPayloadSchema = z.object({ limit: LimitSchema, page: PageSchema });
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
  /** The smallest amount a deposit declaration may state; '0' = no minimum (ours; absent means none). */
  recharge_min: DecimalStringSchema.optional().default("0"),
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

/** Where a deposit or a withdrawal stands in the operator's review, and when it was asked for and reviewed. */
const InReview = {
  status: z.enum(REVIEW_STATUSES),
  status_name: z.string(),
  created_at: z.coerce.number().int(),
  reviewed_at: NullableTime,
};

export const DepositSchema = z.object({
  id: IdSchema,
  currency: CodeRefSchema,
  /** Chain code or ''. */
  chain: z.string(),
  amount: DecimalStringSchema,
  in_address: z.string(),
  wallet_address: z.string(),
  ...InReview,
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
  ...InReview,
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
  address: ChainAddress("draw_address_required"),
  coin_name: z.string().trim().min(1, "field_required").max(16),
  contract_address: z.string().trim().max(128).default(""),
  memo: z.string().trim().max(64).refine(noControlChars, "control_chars").default(""),
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
