import { CODE_TYPE, PAY_PASSWORD_LOCK_MS, PAY_PASSWORD_MAX_FAILS, passwordProblem } from "../../../app/contract/index";
import { fail, ok, type Answer, type Ctx, type Handlers } from "../context";
import { hashPassword, verifyPassword } from "../lib/crypto";
import { localTime } from "../lib/i18n";
import { checkCode, consumeCode } from "../models/codes";
import { clearPayPasswordFails, countPayPasswordFail, payState, setPayPassword } from "../models/pay-password";
import { findUserById, normalizeAddress } from "../models/users";
import { holdWithdrawals, recordSecurityEvent } from "../models/personal";
import { requireGoogleCode } from "./personal";

// The trade password: set with an emailed or texted code; checked before a withdrawal.

function lockedMessage(ctx: Ctx, until: number): Answer<never> {
  return {
    ...fail(ctx, "pay_password_locked", { time: localTime(until, ctx.lang) }, "pay_password"),
    data: { locked_until: until } as never,
  };
}

export async function checkPayPassword(ctx: Ctx, userId: number, password: string): Promise<Answer<never> | null> {
  const st = payState(ctx.db, userId);
  if (st.pay_password_locked_until !== null && st.pay_password_locked_until > ctx.now)
    return lockedMessage(ctx, st.pay_password_locked_until);
  if (!st.pay_password_hash) return fail(ctx, "pay_password_not_set");
  const good = await verifyPassword(password, st.pay_password_hash);
  if (good) {
    clearPayPasswordFails(ctx.db, userId);
    return null;
  }
  const until = ctx.now + PAY_PASSWORD_LOCK_MS;
  const fails = countPayPasswordFail(ctx.db, userId, PAY_PASSWORD_MAX_FAILS, until);
  if (fails >= PAY_PASSWORD_MAX_FAILS) return lockedMessage(ctx, until);
  return fail(ctx, "pay_password_incorrect");
}

export const tradePasswordHandlers: Pick<Handlers, "amendPayPassword"> = {
  async amendPayPassword(p, ctx) {
    const userId = ctx.userId!;
    if (p.password === "") return fail(ctx, "pay_password_required");
    const problem = passwordProblem(p.password);
    if (problem) return fail(ctx, `password_${problem}`);
    if (p.re_password !== undefined) {
      if (p.re_password === "") return fail(ctx, "repeat_password_required");
      if (p.re_password !== p.password) return fail(ctx, "password_mismatch");
    }
    if (p.auth_code === "") return fail(ctx, "code_required");
    const user = findUserById(ctx.db, userId);
    if (!user) return { code: 999, msg: ctx.t("login_timeout") };
    const address = user.email ? normalizeAddress("email", user.email) : normalizeAddress("sms", user.mobile ?? "");
    const codeId = checkCode(ctx.db, address, CODE_TYPE.TRADE_PASSWORD, p.auth_code, ctx.now);
    if (codeId == null) return fail(ctx, "code_invalid");
    const googleRefused = requireGoogleCode(ctx, userId, p.google_code);
    if (googleRefused) return googleRefused;
    const hash = await hashPassword(p.password);
    const changing = user.pay_password_hash !== null;
    ctx.db.transaction(() => {
      setPayPassword(ctx.db, userId, hash);
      consumeCode(ctx.db, codeId, ctx.now);
      // Changing (not first setting) the trade password holds withdrawals 24 h, as the other security changes do.
      if (changing) holdWithdrawals(ctx.db, userId, ctx.now);
      recordSecurityEvent(ctx.db, userId, "pay_password_changed", ctx.client ?? { ip: "", device: "" }, ctx.now);
    })();
    return ok(ctx, null, "pay_password_saved");
  },
};
