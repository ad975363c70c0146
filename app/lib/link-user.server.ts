import type { ApiResult, DataOf } from "./api.server";
import type { AppSession } from "./session.server";

/**
 * Who a signed-in page's service link names (docs/product.md, "The shell"): the account, and the user id from the
 * exchange's `userInfo` answer when it came, else the one the session kept. Null for a visitor. The root loader (the
 * link the page shows) and the QR image's route (the link it draws) both take it from here, so the two never differ.
 */
export function linkUser(session: AppSession, info: ApiResult<DataOf<"userInfo">> | null): { account: string; uid: string } | null {
  if (!session.get("token")) return null;
  return { account: session.get("account") ?? "", uid: info?.ok ? String(info.data.uid) : String(session.get("uid") ?? "") };
}
