import { CODE_TYPE, type AccountType } from "../../../app/contract/index";
import { codeWait, fail, ok, type Ctx } from "../context";
import type { DB } from "../db/index";
import type { Translate } from "../lib/i18n";
import { createCode, maskAddress, sendWaitSeconds, type CodeRequester } from "../models/codes";
import type { Client } from "../models/personal";
import { findUserByAccount, normalizeAddress, type Channel } from "../models/users";

export interface SendDeps {
  db: DB;
  now: number;
  t: Translate;
  log: (line: string) => void;
  client?: Client;
}

/**
 * Every code the exchange sends goes through here, so every call that sends one has the same limits
 * (`sendWaitSeconds`: per target, per account, per client address). Answers the seconds to wait (nothing sent), or 0
 * once the code is in the outbox (the embedded default has no SMTP/SMS gateway; see the CLI).
 */
export function sendCodeMessage(
  deps: SendDeps,
  m: { channel: Channel; address: string; type: number; userId?: number | null; resendMs?: number },
): number {
  const who: CodeRequester = { userId: m.userId, clientIp: deps.client?.ip };
  const wait = deps.db.transaction(() => {
    const seconds = sendWaitSeconds(deps.db, m.address, m.type, who, deps.now, m.resendMs);
    if (seconds > 0) return seconds;
    const code = createCode(deps.db, m.address, m.channel, m.type, deps.now, who);
    deps.db
      .prepare("INSERT INTO outbox (address, channel, type, code, body, created_at) VALUES (?, ?, ?, ?, ?, ?)")
      .run(m.address, m.channel, m.type, code, deps.t(`code_body_${m.type}`, { code }), deps.now);
    return 0;
  })();
  if (wait === 0) deps.log(`[outbox] code for ${maskAddress(m.address)} type ${m.type} (${m.channel})`);
  return wait;
}

/**
 * Sends a code of `type` to an address: register and bind codes go to free addresses only, the others to accounts.
 * `requester`: the signed-in user asking (a bind code is theirs, though the address is not yet).
 */
export function sendCode(ctx: Ctx, channel: Channel, to: string, type: number, requester?: number) {
  const address = normalizeAddress(channel, to);
  const kind: AccountType = channel === "email" ? "email" : "mobile";
  const user = findUserByAccount(ctx.db, kind, address);
  const toNewAddress = type === CODE_TYPE.REGISTER || type === CODE_TYPE.BIND;
  if (toNewAddress && user) return fail(ctx, "account_registered");
  if (!toNewAddress && !user) return fail(ctx, "account_not_registered");
  const wait = sendCodeMessage(ctx, { channel, address, type, userId: requester ?? user?.id });
  if (wait > 0) return codeWait(ctx, wait);
  return ok(ctx, null, "code_sent");
}
