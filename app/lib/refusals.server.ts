import type { Reason } from "~/contract/core/codes";
import { getLang, getT } from "~/lib/i18next.server";
import { formatAmount } from "~/lib/amount";

/**
 * 'Insufficient balance' alone leaves a trader guessing; the screens that know the balance say what is available
 * (issue 9). Any other refusal keeps the exchange's own message.
 */
export async function refusalMessage(
  request: Request,
  refusal: { msg: string; reason?: Reason },
  available: () => Promise<{ amount: string; code: string } | null>,
): Promise<string> {
  if (refusal.reason?.key !== "insufficient_balance") return refusal.msg;
  const have = await available();
  if (!have) return refusal.msg;
  const [t, lang] = await Promise.all([getT(request), getLang(request)]);
  return t("common:errors.insufficientAvailable", { amount: formatAmount(have.amount, { lang }), code: have.code });
}
