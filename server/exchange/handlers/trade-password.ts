import { CODE_TYPE, passwordProblem } from "../../../app/contract/index";
import { fail, ok, type Answer, type Ctx, type Handlers } from "../context";
import { hashPassword, verifyPassword } from "../lib/crypto";
import { consumeCode } from "../models/codes";
import { clearCheck } from "../models/attempts";
import { payPasswordHash, setPayPassword } from "../models/pay-password";
import { findUserById, normalizeAddress } from "../models/users";
import { holdWithdrawals, recordSecurityEvent } from "../models/personal";
import { checkCodeLimited, checkDeps, limitedCheckAsync } from "./checks";
import { requireGoogleCode } from "./personal";

// The trade password: set with an emailed or texted code; checked before a withdrawal, a lever order and a fiat
// release, under the attempt limits of every second factor (handlers/checks.ts).

export async function checkPayPassword(ctx: Ctx, userId: number, password: string): Promise<Answer<never> | null> {
  const hash = payPasswordHash(ctx.db, userId);
  if (!hash) return fail(ctx, "pay_password_not_set");
  const r = await limitedCheckAsync(checkDeps(ctx), "pay_password", { userId }, "pay_password", () => verifyPassword(password, hash));
  if (r.passed) return null;
  return r.refusal ?? fail(ctx, "pay_password_incorrect", undefined, "pay_password");
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
    const checked = checkCodeLimited(checkDeps(ctx), {
      address,
      type: CODE_TYPE.TRADE_PASSWORD,
      code: p.auth_code,
      userId,
      field: "auth_code",
    });
    if ("refusal" in checked) return checked.refusal;
    const codeId = checked.id;
    const googleRefused = requireGoogleCode(ctx, userId, p.google_code);
    if (googleRefused) return googleRefused;
    const hash = await hashPassword(p.password);
    const saved = ctx.db.transaction(() => {
      // Spent first: the code was checked before the wait for the hash, and another change with it may have been
      // quicker. A code is good once.
      if (!consumeCode(ctx.db, codeId, ctx.now)) return false;
      setPayPassword(ctx.db, userId, hash);
      // A trade password set anew (with a code, and the authenticator when on) starts with no wrong tries.
      clearCheck(ctx.db, "pay_password", `user:${userId}`);
      // Setting or changing the trade password holds withdrawals 24 h, as the other security changes do: whoever took
      // over the mailbox could otherwise set one and withdraw at once.
      holdWithdrawals(ctx.db, userId, ctx.now);
      recordSecurityEvent(ctx.db, userId, "pay_password_changed", ctx.client ?? { ip: "", device: "" }, ctx.now);
      return true;
    })();
    if (!saved) return fail(ctx, "code_invalid", undefined, "auth_code");
    return ok(ctx, null, "pay_password_saved");
  },
};
