/** Envelope codes of every /api/ answer (docs/product.md, "Errors and the error catalogue"). */
export const CODE = { OK: 1, FAIL: 0, LOGIN_TIMEOUT: 999, SILENT_EMPTY: 996 } as const;
export type Code = (typeof CODE)[keyof typeof CODE];

/**
 * Verification-code types (docs/product.md, "Verification codes": 5 login, 1 register, 2 forgot password, 3 trade password; 4 is
 * binding an email or phone to a signed-in account, sent by api/sms_mail only; 6 is the address book's, sent by its service).
 */
export const CODE_TYPE = { REGISTER: 1, FORGOT_PASSWORD: 2, TRADE_PASSWORD: 3, BIND: 4, LOGIN: 5 } as const;
export type CodeType = (typeof CODE_TYPE)[keyof typeof CODE_TYPE];

/** How long a sent code blocks sending another: 60 s (docs/product.md, "Verification codes"). */
export const CODE_COUNTDOWN_S = 60;

/**
 * Code sending, for every call that sends one (notify/send_email, notify/send_sms, api/sms_mail, the address
 * service's SendVerificationcode): besides one code per target every CODE_COUNTDOWN_S, at most `perTarget` codes
 * to one email or phone, `perAccount` for one account and `perClient` from one client address in `windowMs`.
 */
export const CODE_SEND_LIMITS = { perTarget: 5, perAccount: 5, perClient: 10, windowMs: 15 * 60_000 } as const;

/**
 * The checks of a second factor or a code that are limited in tries: the authenticator ('google_code': sign-in,
 * user/switch, withdrawal, trade password change), emailed and texted codes ('code': every purpose), the trade
 * password ('pay_password') and the current login password when changing it ('old_password'; a signed-in caller
 * only, so no one else can lock it. Sign-in's password is throttled, not locked: docs/api.md, "Attempt limits").
 * Each is counted per account and per client address: CHECK_MAX_FAILS wrong tries in CHECK_WINDOW_MS lock that
 * check for CHECK_LOCK_MS, and a right answer while locked is refused too.
 */
export const CHECK_NAMES = ["google_code", "code", "pay_password", "old_password"] as const;
export type CheckName = (typeof CHECK_NAMES)[number];
export const CHECK_MAX_FAILS = 5;
export const CHECK_WINDOW_MS = 15 * 60_000;
export const CHECK_LOCK_MS = 15 * 60_000;

/**
 * Why a call was refused, beside its localized `msg`: the message key (`locales/<lang>/exchange.json`) and,
 * where the refusal concerns one, the payload field. A form puts the error on its field from this, never by
 * reading the text. An upstream that sends only `msg` leaves it out, and the form shows a form-level error.
 */
export type Reason = {
  key: string;
  field?: string;
  /** For a refusal that passes with time ('code_wait'): the seconds until it would pass. A code button counts them down. */
  wait?: number;
};

/** The field a refusal belongs to: the one the exchange named, else the field whose message keys list its key. */
export function fieldOfReason(reason: Reason | undefined, fieldKeys: Record<string, readonly string[]>): string | null {
  if (!reason) return null;
  if (reason.field && reason.field in fieldKeys) return reason.field;
  for (const [field, keys] of Object.entries(fieldKeys)) if (keys.includes(reason.key)) return field;
  return null;
}
