import { CODE_COUNTDOWN_S } from "~/contract/core/codes";
import { commitSession, getSession } from "./session.server";

/** What a code sent to the user's own address is for: each purpose waits on its own. */
export type OwnCodePurpose = "tradePassword" | "bindAddress";

/**
 * A code sent to the signed-in user's own address (trade password, withdrawal address) blocks another for the same
 * purpose for a while, whichever page asks. The session remembers when the last one of each purpose went, so that
 * page's code button starts with the remaining wait instead of looking ready and answering 'please wait'.
 */
export async function ownCodeWait(
  request: Request,
  purpose: OwnCodePurpose,
  seconds = CODE_COUNTDOWN_S,
  now = Date.now(),
): Promise<number> {
  const at = sentAt((await getSession(request)).get("ownCodeSentAt"), purpose);
  return at === null ? 0 : remainingSeconds(at, seconds, now);
}

/** The time a code of `purpose` went, from the session's record (older sessions kept one number for all). */
export function sentAt(record: unknown, purpose: OwnCodePurpose): number | null {
  if (record && typeof record === "object") {
    const at = (record as Record<string, unknown>)[purpose];
    return typeof at === "number" ? at : null;
  }
  return null;
}

export function remainingSeconds(sentAt: number, seconds: number, now: number): number {
  return Math.max(0, Math.min(seconds, Math.ceil((sentAt + seconds * 1000 - now) / 1000)));
}

/** The Set-Cookie header that remembers a code of `purpose` just sent to the user's own address. */
export async function rememberOwnCodeSent(request: Request, purpose: OwnCodePurpose, now = Date.now()): Promise<HeadersInit> {
  const session = await getSession(request);
  const record = session.get("ownCodeSentAt");
  const kept = record && typeof record === "object" ? record : {};
  session.set("ownCodeSentAt", { ...kept, [purpose]: now });
  return { "Set-Cookie": await commitSession(request, session) };
}
