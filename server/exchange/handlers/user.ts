import { CODE_TYPE, isValidEmail, isValidPhone, passwordProblem, REVIEW_STATUS, type AccountType } from "../../../app/contract/index";
import { fail, ok, type Ctx, type Handlers } from "../context";
import { dummyPasswordHash, hashPassword, verifyPassword } from "../lib/crypto";
import { consumeCode } from "../models/codes";
import { googleState, holdWithdrawals, identityStatus, recordSecurityEvent, stampSession, withdrawalHold } from "../models/personal";
import { checkCodeLimited, checkDeps } from "./checks";
import { requireGoogleCode } from "./personal";
import { sendCode } from "./send-code";
import { noticeSignIn } from "../notices";
import { unreadCount } from "../models/notifications";
import { accountsUsdTotal } from "../money/valuation";
import {
  createUser,
  findUserByAccount,
  findUserById,
  findUserByInviteCode,
  issueToken,
  normalizeAddress,
  revokeAllTokens,
  revokeToken,
  type Channel,
} from "../models/users";

function channelOf(kind: AccountType): Channel {
  return kind === "email" ? "email" : "sms";
}

/** The message key for a malformed account of `kind`, or null. */
function accountProblem(kind: AccountType, account: string): string | null {
  if (kind === "email") return isValidEmail(account) ? null : "email_invalid";
  return isValidPhone(account) ? null : "phone_invalid";
}

function passwordProblemKey(pw: string): string | null {
  if (pw === "") return "password_required";
  const p = passwordProblem(pw);
  return p ? `password_${p}` : null;
}

/**
 * A sign-in number as stored: digits only. Spaces, dashes, dots and brackets are dropped; a leading '+' or '00'
 * means the country code is written in front: it comes off when it is the country_code given, or (none given) the
 * longest of `knownCodes` it starts with, and is kept to compare with the account's country. Null when what is
 * left is not a number.
 */
export function loginNumber(
  account: string,
  countryCode?: string,
  knownCodes: readonly string[] = [],
): { digits: string; country: string | null } | null {
  const given = (countryCode ?? "").replace(/^\+/, "").trim();
  let v = account.trim().replace(/[\s().-]/g, "");
  let international = false;
  if (v.startsWith("+")) [v, international] = [v.slice(1), true];
  else if (v.startsWith("00")) [v, international] = [v.slice(2), true];
  if (!/^[0-9]+$/.test(v)) return null;
  let country = given || null;
  if (international) {
    const codes = given ? [given] : [...knownCodes].sort((a, b) => b.length - a.length);
    country = codes.find((c) => v.startsWith(c) && isValidPhone(v.slice(c.length))) ?? null;
    if (!country) return null;
    v = v.slice(country.length);
  }
  return isValidPhone(v) ? { digits: v, country } : null;
}

/** Whether the account's country (its area) has dialing code `code`; an account without one accepts any. */
function sameCountry(ctx: Ctx, areaId: number | null, code: string): boolean {
  if (areaId == null) return true;
  const row = ctx.db.prepare("SELECT global_code FROM areas WHERE id = ?").get(areaId) as { global_code: string } | undefined;
  return !row || row.global_code === code;
}

export const userHandlers: Pick<
  Handlers,
  "sendSms" | "sendEmail" | "login" | "register" | "userInfo" | "logout" | "authorizationCode" | "forgetPassword"
> = {
  sendEmail: (p, ctx) => sendCode(ctx, "email", p.to, p.type),
  sendSms: (p, ctx) => sendCode(ctx, "sms", p.to, p.type),

  async login(p, ctx) {
    const kind: AccountType = p.login_type ?? (p.account.includes("@") ? "email" : "mobile");
    // A number is found as it was registered (digits only), however it is written: '+86 131 1234-5678' with
    // country_code 86 is 13112345678. A country code that is not the account's is a wrong account.
    const codes = () =>
      (ctx.db.prepare("SELECT DISTINCT global_code FROM areas").all() as { global_code: string }[]).map((a) => a.global_code);
    const number = kind === "mobile" ? loginNumber(p.account, p.country_code, /^(\+|00)/.test(p.account.trim()) ? codes() : []) : null;
    const found =
      kind === "mobile"
        ? number
          ? findUserByAccount(ctx.db, "mobile", number.digits)
          : undefined
        : findUserByAccount(ctx.db, kind, p.account);
    const user = found && number?.country && !sameCountry(ctx, found.area_id, number.country) ? undefined : found;
    // Same work and the same message whether the account exists or not: no account enumeration.
    const good = await verifyPassword(p.password, user?.password_hash ?? (await dummyPasswordHash()));
    if (!user || !good) return fail(ctx, "login_failed");
    const setting = ctx.db.prepare("SELECT value FROM settings WHERE key = 'login_use_sms'").get() as { value: string } | undefined;
    if (setting?.value === "1") {
      if (!p.sms_code) return fail(ctx, "code_required");
      const address = kind === "mobile" ? user.mobile! : normalizeAddress(channelOf(kind), p.account);
      const checked = checkCodeLimited(checkDeps(ctx), {
        address,
        type: CODE_TYPE.LOGIN,
        code: p.sms_code,
        userId: user.id,
        field: "sms_code",
      });
      if ("refusal" in checked) return checked.refusal;
      consumeCode(ctx.db, checked.id, ctx.now);
    }
    const googleRefusal = requireGoogleCode(ctx, user.id, p.google_code);
    if (googleRefusal) return googleRefusal;
    const client = ctx.client ?? { ip: "", device: "" };
    const token = ctx.db.transaction(() => {
      // Only with the password that was checked: a reset or change that landed during the wait for the hash ended
      // every session, and a sign-in with the old password must not start one after it.
      const current = ctx.db.prepare("SELECT password_hash FROM users WHERE id = ?").get(user.id) as { password_hash: string } | undefined;
      if (current?.password_hash !== user.password_hash) return null;
      const issued = issueToken(ctx.db, user.id, ctx.now);
      // Notices sent outside a request (a lock, a fiat order) are written in the language of the last sign-in.
      ctx.db.prepare("UPDATE users SET lang = ? WHERE id = ?").run(ctx.lang, user.id);
      stampSession(ctx.db, issued, client, ctx.now);
      recordSecurityEvent(ctx.db, user.id, "login", client, ctx.now);
      // A browser or device this account has not signed in from before is told (decision 024).
      noticeSignIn({ db: ctx.db, now: ctx.now, log: ctx.log }, user.id, client);
      return issued;
    })();
    if (token === null) return fail(ctx, "login_failed");
    return ok(ctx, token, "login_ok");
  },

  async register(p, ctx) {
    const badAccount = accountProblem(p.type, p.account);
    if (badAccount) return fail(ctx, badAccount);
    const address = normalizeAddress(channelOf(p.type), p.account);
    // In order: code, password, password format, repeat password, match; then invite code and account (docs/product.md, "Account").
    if (!p.sms_code) return fail(ctx, "code_required");
    const checked = checkCodeLimited(checkDeps(ctx), { address, type: CODE_TYPE.REGISTER, code: p.sms_code, field: "sms_code" });
    if ("refusal" in checked) return checked.refusal;
    const codeId = checked.id;
    const pwKey = passwordProblemKey(p.password);
    if (pwKey) return fail(ctx, pwKey);
    if (p.re_password === "") return fail(ctx, "repeat_password_required");
    if (p.re_password !== p.password) return fail(ctx, "password_mismatch");
    let inviterId: number | null = null;
    if (p.invite_code) {
      const inviter = findUserByInviteCode(ctx.db, p.invite_code);
      if (!inviter) return fail(ctx, "invite_invalid");
      inviterId = inviter.id;
    }
    if (findUserByAccount(ctx.db, p.type, address)) return fail(ctx, "account_registered");
    if (p.area_id !== undefined && !ctx.db.prepare("SELECT 1 FROM areas WHERE id = ?").get(p.area_id)) {
      return fail(ctx, "field_invalid", { field: "area_id" });
    }
    const passwordHash = await hashPassword(p.password);
    const created = ctx.db.transaction(() => {
      // Re-checked inside the transaction: another request may have registered it while we hashed.
      if (findUserByAccount(ctx.db, p.type, address)) return false;
      createUser(ctx.db, {
        email: p.type === "email" ? address : null,
        mobile: p.type === "mobile" ? address : null,
        areaId: p.area_id ?? null,
        passwordHash,
        inviterId,
        now: ctx.now,
      });
      consumeCode(ctx.db, codeId, ctx.now);
      return true;
    })();
    return created ? ok(ctx, null, "register_ok") : fail(ctx, "account_registered");
  },

  userInfo(_p, ctx) {
    const u = findUserById(ctx.db, ctx.userId!);
    if (!u) return { code: 999, msg: ctx.t("login_timeout") };
    const identity = identityStatus(ctx.db, u.id);
    return ok(ctx, {
      id: u.id,
      uid: String(u.id),
      is_seller: u.is_seller === 1,
      email: u.email ?? "",
      mobile: u.mobile ?? "",
      invite_code: u.invite_code,
      // The identity's review (a rejected one reads 'not verified' here; the personal centre says why).
      review_status: identity === REVIEW_STATUS.REJECTED ? REVIEW_STATUS.NONE : identity,
      // Withdrawals are held until then (ms) after a change of the account's security, else null.
      withdraw_hold_until: withdrawalHold(ctx.db, u.id, ctx.now),
      has_pay_password: u.pay_password_hash !== null,
      area_id: u.area_id ?? null,
      google_switch: googleState(ctx.db, u.id).google_on === 1 ? 1 : 0,
      // Every page's header: the unread badge and the account menu's total (one indexed count, one small read).
      unread_notifications: unreadCount(ctx.db, u.id),
      total_usd: accountsUsdTotal(ctx.db, ctx.market, u.id),
    });
  },

  logout(_p, ctx) {
    revokeToken(ctx.db, ctx.token!, ctx.now);
    ctx.hub.sessionsEnded(ctx.userId!);
    return ok(ctx, null, "logout_ok");
  },

  authorizationCode(_p, ctx) {
    const u = findUserById(ctx.db, ctx.userId!);
    if (!u) return { code: 999, msg: ctx.t("login_timeout") };
    return ok(ctx, { code: u.authorization_code });
  },

  async forgetPassword(p, ctx) {
    const badAccount = accountProblem(p.type, p.account);
    if (badAccount) return fail(ctx, badAccount);
    const address = normalizeAddress(channelOf(p.type), p.account);
    if (!p.auth_code) return fail(ctx, "code_required");
    // Tries are counted for the address the code went to, not the account: anyone may call this, and wrong codes here
    // must not lock the account's other codes (sign-in by code, the trade password, the address book). The code
    // itself dies after its own wrong tries. The same answer whether the account exists or not: no enumeration.
    const owner = findUserByAccount(ctx.db, p.type, address);
    const checked = checkCodeLimited(checkDeps(ctx), {
      address,
      type: CODE_TYPE.FORGOT_PASSWORD,
      code: p.auth_code,
      field: "auth_code",
    });
    if ("refusal" in checked) return checked.refusal;
    const codeId = checked.id;
    const pwKey = passwordProblemKey(p.new_password);
    if (pwKey) return fail(ctx, pwKey);
    if (p.secondary_password === "") return fail(ctx, "repeat_password_required");
    if (p.secondary_password !== p.new_password) return fail(ctx, "password_mismatch");
    const user = owner;
    if (!user) return fail(ctx, "code_invalid");
    const passwordHash = await hashPassword(p.new_password);
    const reset = ctx.db.transaction(() => {
      // Spent first: the code was checked before the wait for the hash, and another reset with it may have been
      // quicker. A code is good once.
      if (!consumeCode(ctx.db, codeId, ctx.now)) return false;
      ctx.db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(passwordHash, user.id);
      revokeAllTokens(ctx.db, user.id, ctx.now);
      // A reset is a change of password: withdrawals wait 24 h, so a mailbox taken over does not lead straight to one.
      holdWithdrawals(ctx.db, user.id, ctx.now);
      recordSecurityEvent(ctx.db, user.id, "password_reset", ctx.client ?? { ip: "", device: "" }, ctx.now);
      return true;
    })();
    if (!reset) return fail(ctx, "code_invalid", undefined, "auth_code");
    ctx.hub.sessionsEnded(user.id);
    return ok(ctx, null, "password_reset_ok");
  },
};
