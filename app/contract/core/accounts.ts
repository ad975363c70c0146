/** The five account codes (docs/product.md, "Accounts and the ledger"). `change_account` is the spot (coin) account. */
export const ACCOUNT_CODES = ["change_account", "legal_account", "lever_account", "micro_account", "financial_account"] as const;
export type AccountCode = (typeof ACCOUNT_CODES)[number];

/** The spot (coin) account: deposits land here, withdrawals and spot orders draw on it. */
export const SPOT_ACCOUNT = "change_account" satisfies AccountCode;

export function isAccountCode(v: unknown): v is AccountCode {
  return typeof v === "string" && (ACCOUNT_CODES as readonly string[]).includes(v);
}

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

/** account_log/<kind> call names by account code. */
export const ACCOUNT_LOG_CALLS = {
  change_account: "accountLogChange",
  legal_account: "accountLogLegal",
  lever_account: "accountLogLever",
  micro_account: "accountLogMicro",
  financial_account: "accountLogFinancial",
} as const;

/** The account-log calls: `account_log/<key>` lists the log of that account code. */
export const ACCOUNT_LOG_KINDS = {
  change: "change_account",
  legal: "legal_account",
  lever: "lever_account",
  micro: "micro_account",
  financial: "financial_account",
} as const;
