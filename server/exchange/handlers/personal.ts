import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CODE_TYPE, DRAW_DAILY_LIMIT_USD, methodDataSchema, REVIEW_STATUS } from "../../../app/contract/index";
import { fail, ok, type Answer, type Ctx, type Handlers } from "../context";
import { cleanImage, IMAGE_MAX_BYTES, IMAGE_TYPES } from "../lib/images";
import { hashPassword, verifyPassword } from "../lib/crypto";
import { formatDateTime } from "../lib/time";
import { checkTotp, newTotpSecret, totpUri, type TotpCheck } from "../lib/totp";
import { consumeCode } from "../models/codes";
import { checkCodeLimited, checkDeps, limitedCheck, limitedCheckAsync } from "./checks";
import { findUserByAccount, findUserById, normalizeAddress } from "../models/users";
import { sendCode } from "./send-code";
import {
  addFeedback,
  addUpload,
  findUpload,
  identityStatus,
  latestIdentity,
  payMethodType,
  payMethodTypes,
  savedPayMethod,
  savePayMethod,
  submitIdentity,
  bindGoogleSecret,
  feedbackPage,
  googleState,
  holdWithdrawals,
  liveSessions,
  offerGoogleSecret,
  recordSecurityEvent,
  revokeOtherSessions,
  revokeSession,
  securityEventsPage,
  switchGoogle,
  type Client,
} from "../models/personal";

const PER_PAGE = 10;
const TOTP_ISSUER = "Exchange";

function clientOf(ctx: Ctx): Client {
  return ctx.client ?? { ip: "", device: "" };
}

/** Uploaded images are addressed as `/uploads/<name>`; this is the name when the upload is the user's own. */
export function ownUpload(ctx: Ctx, userId: number, url: string): string | null {
  const m = /^\/uploads\/([0-9a-f]{32}\.(?:jpg|png|webp))$/.exec(url);
  if (!m) return null;
  const found = findUpload(ctx.db, m[1]!);
  return found && found.user_id === userId ? found.name : null;
}

function page(p: { page?: number; limit?: number }) {
  return { page: p.page ?? 1, perPage: Math.min(p.limit ?? PER_PAGE, 50) };
}

/**
 * Checks an authenticator code for a user whose authenticator is on; remembers the step so the code is good once.
 * Answers null when the code is right (or the authenticator is off), else the refusal.
 */
export function requireGoogleCode(ctx: Ctx, userId: number, code: string | undefined) {
  const g = googleState(ctx.db, userId);
  if (!g.google_on || !g.google_secret) return null;
  if (!code) return fail(ctx, "google_code_required", undefined, "google_code");
  const secret = g.google_secret;
  const checked = limitedTotp(ctx, userId, () => checkTotp(secret, code, ctx.now, g.google_last_step));
  if ("refusal" in checked) return checked.refusal;
  ctx.db.prepare("UPDATE users SET google_last_step = ? WHERE id = ?").run(checked.step, userId);
  return null;
}

/**
 * An authenticator code under the attempt limits (handlers/checks.ts: six digits cannot be guessed at sign-in,
 * user/switch, withdrawal or anywhere else): the step it matched, or the refusal on `google_code`.
 */
function limitedTotp(ctx: Ctx, userId: number, run: () => TotpCheck): { step: number } | { refusal: Answer<never> } {
  let result = null as TotpCheck | null;
  const r = limitedCheck(checkDeps(ctx), "google_code", { userId }, "google_code", () => {
    result = run();
    return result.ok;
  });
  if (r.passed && result?.ok) return { step: result.step };
  const refusal = r.passed ? null : r.refusal;
  return { refusal: refusal ?? fail(ctx, result && !result.ok ? result.reason : "google_code_error", undefined, "google_code") };
}

export const personalHandlers: Pick<
  Handlers,
  | "amendPassword"
  | "googleQrCode"
  | "googleSwitch"
  | "feedbackSubmit"
  | "feedbackList"
  | "sessions"
  | "sessionRevoke"
  | "securityLog"
  | "payMethodTypes"
  | "payMethodByType"
  | "payMethodSave"
  | "imageUpload"
  | "realNameCenter"
  | "realName"
  | "sendBindCode"
  | "bindEmail"
  | "bindMobile"
> = {
  async amendPassword(p, ctx) {
    const userId = ctx.userId!;
    const user = findUserById(ctx.db, userId);
    if (!user) return { code: 999, msg: ctx.t("login_timeout") };
    // The current password is limited in tries: a session left open must not become a way to find the password out.
    const refused = await passwordRefusal(ctx, p.old_password, "old_password");
    if (refused) return refused;
    if (p.new_password === p.old_password) return fail(ctx, "password_same", undefined, "new_password");
    const hash = await hashPassword(p.new_password);
    const signedOut = ctx.db.transaction(() => {
      // Only from the password that was checked: another change may have landed during the waits for the hashes, and
      // this one must not overwrite it unseen.
      if (
        !ctx.db.prepare("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?").run(hash, userId, user.password_hash)
          .changes
      )
        return null;
      const n = revokeOtherSessions(ctx.db, userId, ctx.token!, ctx.now);
      holdWithdrawals(ctx.db, userId, ctx.now);
      recordSecurityEvent(ctx.db, userId, "password_changed", clientOf(ctx), ctx.now);
      return n;
    })();
    if (signedOut === null) return fail(ctx, "old_password_incorrect", undefined, "old_password");
    if (signedOut > 0) ctx.hub.sessionsEnded(userId);
    return ok(ctx, { signed_out: signedOut }, "password_changed");
  },

  googleQrCode(_p, ctx) {
    const userId = ctx.userId!;
    const user = findUserById(ctx.db, userId)!;
    const g = googleState(ctx.db, userId);
    // Once bound, the secret is never shown again: a stolen session must not be able to copy it.
    if (g.google_secret) return ok(ctx, { secret: "", qr_code_url: "", switch: g.google_on });
    const secret = g.google_pending_secret ?? newTotpSecret();
    if (!g.google_pending_secret) offerGoogleSecret(ctx.db, userId, secret);
    return ok(ctx, { secret, qr_code_url: totpUri(secret, user.email ?? user.mobile ?? String(userId), TOTP_ISSUER), switch: 0 });
  },

  async googleSwitch(p, ctx) {
    const userId = ctx.userId!;
    if (!googleState(ctx.db, userId).google_secret) {
      // Binding asks for the login password first: a session alone (a copied cookie, a browser left open) must not
      // bind an authenticator the owner does not have, which would lock them out.
      const refused = await passwordRefusal(ctx, p.password);
      if (refused) return refused;
    }
    // Read after the wait: another request may have bound it meanwhile.
    const g = googleState(ctx.db, userId);
    const secret = g.google_secret ?? g.google_pending_secret;
    if (!secret) return fail(ctx, "google_not_bound");
    if (!g.google_secret && p.google_switch === 0) return fail(ctx, "google_not_bound");
    const checked = limitedTotp(ctx, userId, () => checkTotp(secret, p.google_code, ctx.now, g.google_secret ? g.google_last_step : null));
    if ("refusal" in checked) return checked.refusal;
    const step = checked.step;
    ctx.db.transaction(() => {
      if (!g.google_secret) bindGoogleSecret(ctx.db, userId, step);
      else switchGoogle(ctx.db, userId, p.google_switch === 1, step);
      holdWithdrawals(ctx.db, userId, ctx.now);
      recordSecurityEvent(ctx.db, userId, g.google_secret ? "google_switched" : "google_bound", clientOf(ctx), ctx.now);
    })();
    return ok(ctx, null, p.google_switch === 1 ? "google_on" : "google_off");
  },

  feedbackSubmit(p, ctx) {
    addFeedback(ctx.db, ctx.userId!, p, ctx.now);
    return ok(ctx, null, "feedback_sent");
  },

  feedbackList(p, ctx) {
    const { page: current, perPage } = page(p);
    const { rows, total } = feedbackPage(ctx.db, ctx.userId!, current, perPage);
    return ok(ctx, { data: rows.map((r) => ({ ...r, type: r.type as never })), total, per_page: perPage, current_page: current });
  },

  sessions(_p, ctx) {
    return ok(ctx, liveSessions(ctx.db, ctx.userId!, ctx.token!, ctx.now));
  },

  sessionRevoke(p, ctx) {
    const userId = ctx.userId!;
    const n = ctx.db.transaction(() => {
      const ended = p.all
        ? revokeOtherSessions(ctx.db, userId, ctx.token!, ctx.now)
        : revokeSession(ctx.db, userId, p.id!, ctx.now)
          ? 1
          : 0;
      if (ended > 0) recordSecurityEvent(ctx.db, userId, "session_revoked", clientOf(ctx), ctx.now);
      return ended;
    })();
    if (n > 0) ctx.hub.sessionsEnded(userId);
    if (n === 0 && !p.all) return fail(ctx, "session_not_found", undefined, "id");
    return ok(ctx, { signed_out: n }, "sessions_signed_out");
  },

  securityLog(p, ctx) {
    const { page: current, perPage } = page(p);
    const { rows, total } = securityEventsPage(ctx.db, ctx.userId!, current, perPage);
    return ok(ctx, {
      data: rows.map((r) => ({ ...r, event_name: ctx.t(`security_event_${r.event}`), time: formatDateTime(r.created_at) })),
      total,
      per_page: perPage,
      current_page: current,
    });
  },

  payMethodTypes(_p, ctx) {
    return ok(
      ctx,
      payMethodTypes(ctx.db).map((t) => ({ id: t.id, code: t.code, name: ctx.t(`pay_method_${t.code}`) })),
    );
  },

  payMethodByType(p, ctx) {
    const type = payMethodType(ctx.db, p.type);
    if (!type) return fail(ctx, "field_invalid", { field: "type" }, "type");
    const saved = savedPayMethod(ctx.db, ctx.userId!, type.id);
    return ok(
      ctx,
      saved
        ? { type: type.id, code: type.code, raw_data: JSON.parse(saved.raw_data) as Record<string, string>, updated_at: saved.updated_at }
        : null,
    );
  },

  payMethodSave(p, ctx) {
    const userId = ctx.userId!;
    const type = payMethodType(ctx.db, p.type);
    if (!type) return fail(ctx, "field_invalid", { field: "type" }, "type");
    const parsed = methodDataSchema(type.code).safeParse(p.raw_data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return fail(ctx, issue.message, { field: String(issue.path[0]) }, String(issue.path[0]));
    }
    const data: Record<string, string> = { ...parsed.data };
    if ("qrcode" in parsed.data && !ownUpload(ctx, userId, parsed.data.qrcode)) return fail(ctx, "image_not_found", undefined, "qrcode");
    savePayMethod(ctx.db, userId, type.id, data, ctx.now);
    return ok(ctx, { type: type.id, code: type.code, raw_data: data, updated_at: ctx.now }, "pay_method_saved");
  },

  async imageUpload(p, ctx) {
    const file = p.file as Blob;
    if (file.size > IMAGE_MAX_BYTES) return fail(ctx, "image_too_large", undefined, "file");
    const clean = await cleanImage(Buffer.from(await file.arrayBuffer()));
    if (!clean.ok) return fail(ctx, clean.reason, undefined, "file");
    if (!ctx.uploadsDir) return fail(ctx, "server_error");
    const name = `${randomBytes(16).toString("hex")}.${IMAGE_TYPES[clean.format].ext}`;
    mkdirSync(ctx.uploadsDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(ctx.uploadsDir, name), clean.data, { mode: 0o600 });
    addUpload(
      ctx.db,
      {
        userId: ctx.userId!,
        name,
        mime: IMAGE_TYPES[clean.format].mime,
        bytes: clean.data.length,
        width: clean.width,
        height: clean.height,
      },
      ctx.now,
    );
    return ok(ctx, { url: `/uploads/${name}` });
  },

  realNameCenter(_p, ctx) {
    const latest = latestIdentity(ctx.db, ctx.userId!);
    const status = identityStatus(ctx.db, ctx.userId!);
    return ok(ctx, {
      review_status: status,
      reason: latest?.status === 3 ? latest.reason : "",
      name: latest?.name ?? "",
      draw_limit_usd: status === REVIEW_STATUS.APPROVED ? DRAW_DAILY_LIMIT_USD.verified : DRAW_DAILY_LIMIT_USD.unverified,
      draw_limit_verified_usd: DRAW_DAILY_LIMIT_USD.verified,
    });
  },

  realName(p, ctx) {
    const userId = ctx.userId!;
    const latest = latestIdentity(ctx.db, userId);
    if (latest?.status === 1) return fail(ctx, "identity_pending");
    if (latest?.status === 2) return fail(ctx, "identity_verified");
    for (const field of ["front_pic", "reverse_pic", "hand_pic"] as const) {
      if (field === "hand_pic" && p.hand_pic === "") continue;
      if (!ownUpload(ctx, userId, p[field])) return fail(ctx, "image_not_found", undefined, field);
    }
    submitIdentity(ctx.db, userId, p, ctx.now);
    return ok(ctx, null, "identity_submitted");
  },

  sendBindCode(p, ctx) {
    const user = findUserById(ctx.db, ctx.userId!)!;
    const email = p.user_string.includes("@");
    if (email ? user.email : user.mobile)
      return fail(ctx, email ? "email_already_bound" : "mobile_already_bound", undefined, "user_string");
    return sendCode(ctx, email ? "email" : "sms", p.user_string, CODE_TYPE.BIND, user.id);
  },

  async bindEmail(p, ctx) {
    return (await passwordRefusal(ctx, p.password)) ?? bindAddress(ctx, "email", p.email, p.code, null);
  },

  async bindMobile(p, ctx) {
    return (await passwordRefusal(ctx, p.password)) ?? bindAddress(ctx, "mobile", p.mobile, p.code, p.area_id ?? null);
  },
};

/**
 * The signed-in user's login password, asked before a change a session alone must not make (a new password; binding
 * an authenticator the owner does not have; an email or phone, which can then reset the password), under the current
 * password's attempt limits, its refusals on `field`; null when it is right.
 */
async function passwordRefusal(ctx: Ctx, password: string, field = "password"): Promise<Answer<never> | null> {
  if (!password) return fail(ctx, "old_password_required", undefined, field);
  const user = findUserById(ctx.db, ctx.userId!);
  if (!user) return { code: 999, msg: ctx.t("login_timeout") };
  const checked = await limitedCheckAsync(checkDeps(ctx), "old_password", { userId: user.id }, field, () =>
    verifyPassword(password, user.password_hash),
  );
  return checked.passed ? null : (checked.refusal ?? fail(ctx, "old_password_incorrect", undefined, field));
}

/** Binds an email or phone to the signed-in account with a bind code sent there; holds withdrawals 24 h. */
function bindAddress(ctx: Ctx, kind: "email" | "mobile", value: string, code: string, areaId: number | null) {
  const userId = ctx.userId!;
  const user = findUserById(ctx.db, userId)!;
  const codeField = "code";
  if (kind === "email" ? user.email : user.mobile) return fail(ctx, kind === "email" ? "email_already_bound" : "mobile_already_bound");
  const address = normalizeAddress(kind === "email" ? "email" : "sms", value);
  const checked = checkCodeLimited(checkDeps(ctx), { address, type: CODE_TYPE.BIND, code, userId, field: codeField });
  if ("refusal" in checked) return checked.refusal;
  const codeId = checked.id;
  const bound = ctx.db.transaction(() => {
    if (findUserByAccount(ctx.db, kind, address)) return false;
    if (kind === "email") ctx.db.prepare("UPDATE users SET email = ? WHERE id = ?").run(address, userId);
    else ctx.db.prepare("UPDATE users SET mobile = ?, area_id = COALESCE(?, area_id) WHERE id = ?").run(address, areaId, userId);
    consumeCode(ctx.db, codeId, ctx.now);
    holdWithdrawals(ctx.db, userId, ctx.now);
    recordSecurityEvent(ctx.db, userId, kind === "email" ? "email_bound" : "mobile_bound", clientOf(ctx), ctx.now);
    return true;
  })();
  return bound ? ok(ctx, null, kind === "email" ? "email_bound" : "mobile_bound") : fail(ctx, "account_registered", undefined, kind);
}
