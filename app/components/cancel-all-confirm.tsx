import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import { announce } from "~/components/toast";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmSubmission, useOwnAnswer } from "~/components/confirm-submission";
import { useTranslation } from "~/lib/translate";
import { withoutCancelAll, type CancelAllAsk } from "~/lib/cancel-all";

export { cancelAllHref, withoutCancelAll, type CancelAllAsk } from "~/lib/cancel-all";

/** The fetcher every cancel-all form of a screen shares: the screen says its answer and revalidates. */
export const CANCEL_ALL_FETCHER = "cancel-all";

type Answer = { intent: string; ok: boolean; message?: string; msg?: string };

/**
 * 'Cancel all' asks first, naming what it cancels (the pair or every pair, and how many orders): a dialog the server
 * renders open, working without JavaScript (its form posts `intent=cancel-all` to the screen's action, which
 * redirects back); with JavaScript a native modal dialog that opens on 'Keep them', and once the orders are cancelled
 * it closes and focus goes to `focusId` (the orders' heading).
 */
export function CancelAllConfirm({ ask, focusId }: { ask: CancelAllAsk; focusId: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<Answer>({ key: CANCEL_ALL_FETCHER });
  const back = withoutCancelAll(location.pathname + location.search);
  const { answered, onSent } = useOwnAnswer(fetcher, ask.key);
  const done = useMemo(() => (answered?.ok ? { focus: focusId } : null), [answered, focusId]);
  useEffect(() => {
    if (answered?.ok && answered.message) announce({ kind: "success", message: answered.message });
  }, [answered]);
  const failed = answered && !answered.ok ? (answered.msg ?? null) : null;
  const title = ask.scope === "pair" && ask.pair ? t("cancelAll.titlePair", { symbol: ask.pair.symbol }) : t("cancelAll.titleAll");
  return (
    <ConfirmDialog
      answer={ask}
      reviewKey={ask.key}
      titleId="cancel-all-title"
      title={title}
      backLabel={t("cancelAll.keep")}
      done={done}
      initialFocus="back"
      onClose={() => navigate(back, { replace: true, preventScrollReset: true })}
    >
      {ask.count === 0 ? (
        <p data-testid="cancel-all-none">{t("cancelAll.none")}</p>
      ) : (
        <>
          <p data-testid="cancel-all-count">
            {ask.scope === "pair" && ask.pair
              ? t("cancelAll.countPair", { count: ask.count, symbol: ask.pair.symbol })
              : t("cancelAll.countAll", { count: ask.count })}
          </p>
          <p>{t("cancelAll.note")}</p>
          <ConfirmSubmission
            fetcher={fetcher}
            failed={failed}
            onSent={onSent}
            back={back}
            verb={t("cancelAll.confirm", { count: ask.count })}
          >
            <input type="hidden" name="intent" value="cancel-all" />
            {ask.scope === "pair" && ask.pair ? <input type="hidden" name="currency_match_id" value={ask.pair.id} /> : null}
          </ConfirmSubmission>
        </>
      )}
    </ConfirmDialog>
  );
}
