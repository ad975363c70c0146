import { useRevalidator } from "~/lib/use-revalidator";
import { BCP47, isLang } from "~/i18n";
import { sentenceCase } from "~/lib/sentence-case";
import { useTranslation } from "~/lib/translate";
import { useLiveChannel } from "~/lib/use-live";
import { announce } from "./toast";

const pushSchema = () => import("~/contract/personal").then((m) => m.AccountReviewPushSchema);

/**
 * While an account page is open, the operator's decision on my deposit, withdrawal or identity (ACCOUNT_REVIEW over
 * /events) shows at once: the decision is said in the toast and the page reloads what it shows (balances, records,
 * limits, the identity's state). Without JavaScript the next load shows it.
 */
export function useAccountReview() {
  const revalidator = useRevalidator();
  const { i18n } = useTranslation();
  const locale = isLang(i18n.language) ? BCP47[i18n.language] : "en";
  useLiveChannel(
    "ACCOUNT_REVIEW",
    pushSchema,
    (push) => {
      announce({ kind: push.result === "approved" ? "success" : "error", message: sentenceCase(push.msg, locale) });
      revalidator.revalidate();
    },
    () => revalidator.revalidate(),
  );
}
