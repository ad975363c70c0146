import { CODE_COUNTDOWN_S } from "~/contract/core/codes";
import { commitSession, getSession } from "./session.server";

/**
 * A code sent to the signed-in user's own address (trade password, withdrawal address) blocks another for a
 * while, whichever page asks. The session remembers when the last one went, so every page's code button
 * starts with the remaining wait instead of looking ready and answering 'please wait'.
 */
export async function ownCodeWait(request: Request, seconds = CODE_COUNTDOWN_S, now = Date.now()): Promise<number> {
  const at = (await getSession(request)).get("ownCodeSentAt");
  return typeof at === "number" ? remainingSeconds(at, seconds, now) : 0;
}

export function remainingSeconds(sentAt: number, seconds: number, now: number): number {
  return Math.max(0, Math.min(seconds, Math.ceil((sentAt + seconds * 1000 - now) / 1000)));
}

/** The Set-Cookie header that remembers a code just sent to the user's own address. */
export async function rememberOwnCodeSent(request: Request, now = Date.now()): Promise<HeadersInit> {
  const session = await getSession(request);
  session.set("ownCodeSentAt", now);
  return { "Set-Cookie": await commitSession(request, session) };
}
