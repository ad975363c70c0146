import { CODE_TYPE, type AccountType } from "../../../app/contract/index";
import { codeWait, fail, ok, type Ctx } from "../context";
import { createCode, maskAddress, resendWaitSeconds } from "../models/codes";
import { findUserByAccount, normalizeAddress, type Channel } from "../models/users";

/** Sends a code of `type` to an address: register and bind codes go to free addresses only, the others to accounts. */
export function sendCode(ctx: Ctx, channel: Channel, to: string, type: number) {
  const address = normalizeAddress(channel, to);
  const kind: AccountType = channel === "email" ? "email" : "mobile";
  const user = findUserByAccount(ctx.db, kind, address);
  const toNewAddress = type === CODE_TYPE.REGISTER || type === CODE_TYPE.BIND;
  if (toNewAddress && user) return fail(ctx, "account_registered");
  if (!toNewAddress && !user) return fail(ctx, "account_not_registered");
  const wait = resendWaitSeconds(ctx.db, address, type, ctx.now);
  if (wait > 0) return codeWait(ctx, wait);
  ctx.db.transaction(() => {
    const code = createCode(ctx.db, address, channel, type, ctx.now);
    // The embedded default has no SMTP/SMS gateway: the message goes to the outbox (see the CLI).
    ctx.db
      .prepare("INSERT INTO outbox (address, channel, type, code, body, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(address, channel, type, code, ctx.t(`code_body_${type}`, { code }), ctx.now);
  })();
  ctx.log(`[outbox] code for ${maskAddress(address)} type ${type} (${channel})`);
  return ok(ctx, null, "code_sent");
}
