import { useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useMemo } from "react";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { ConfirmSubmission, useOwnAnswer } from "~/components/confirm-submission";
import * as cd from "~/components/confirm-dialog.css";
import { formatAmount, formatPrice } from "~/lib/money";
import { useTranslation } from "~/lib/translate";
import * as ts from "~/styles/pair-screen.css";
import { BATCH_FETCHER, ROW_FETCHER, type LeverActionData } from "./action-data";
import { roePercent, withoutConfirm, type CloseSummary } from "./close-rules";
import type { LeverPairView } from "./lever.server";
import * as s from "./lever.css";

export type CloseConfirmData = {
  ask: { kind: "close"; id: number } | { kind: "batch"; type: 0 | 1 | 2 };
  summary: CloseSummary | null;
  key: string;
};

/**
 * 'Close' on a row, 'Close all' and the batch closes ask first (the page's address says which: `?confirm=close&id=`,
 * `?confirm=batch&type=`): the server names the positions, the margin that returns and the profit or loss at the
 * current price, in a dialog that works without JavaScript (a plain `<dialog open>` and a form). With JavaScript it
 * is a modal that opens on 'Keep open'; once the close went through, focus moves to the positions' heading.
 */
export function CloseConfirm({ confirm, pair, currency }: { confirm: CloseConfirmData; pair: LeverPairView; currency: string }) {
  const { t, i18n } = useTranslation("lever");
  const lang = i18n.language;
  const location = useLocation();
  const navigate = useNavigate();
  const { ask, summary } = confirm;
  const fetcher = useFetcher<LeverActionData>({ key: ask.kind === "close" ? ROW_FETCHER : BATCH_FETCHER });
  const back = withoutConfirm(location.pathname + location.search);
  const { answered, onSent } = useOwnAnswer(fetcher, confirm.key);
  const done = useMemo(() => (answered?.ok ? { focus: "positions-title" } : null), [answered]);
  const failed = answered && !answered.ok && "msg" in answered ? answered.msg : null;
  const money = (v: string) => formatAmount(v, { lang, minDp: 2, maxDp: 4 });
  const price = (v: string) => formatPrice(v, pair.decimals, lang);
  const name = (p: CloseSummary["positions"][number]) => t("close.position", { type: t(`type.${p.type}`), symbol: p.symbol, id: p.id });
  const roe = summary ? roePercent(summary.profit, summary.margin) : null;
  const single = ask.kind === "close" && summary ? summary.positions[0] : null;
  const verb =
    ask.kind === "close"
      ? t("close.confirm")
      : t(ask.type === 0 ? "actions.batchAll" : ask.type === 1 ? "actions.batchLong" : "actions.batchShort");
  return (
    <ConfirmDialog
      answer={confirm}
      reviewKey={confirm.key}
      titleId="close-confirm-title"
      title={t(ask.kind === "close" ? "close.title" : "close.batchTitle", { symbol: pair.symbol })}
      backLabel={t("close.keep")}
      done={done}
      initialFocus="back"
      onClose={() => navigate(back, { replace: true, preventScrollReset: true })}
    >
      {!summary ? (
        <p data-testid="close-nothing">{t("close.nothing")}</p>
      ) : (
        <>
          {single ? (
            <dl className={cd.list}>
              <div>
                <dt>{t("close.positionLabel")}</dt>
                <dd className={single.type === 1 ? ts.up : ts.down}>{name(single)}</dd>
              </div>
              <div>
                <dt>{t("form.hands")}</dt>
                <dd>{t("close.size", { n: single.share, number: single.number, base: pair.base, multiple: single.multiple })}</dd>
              </div>
              <div>
                <dt>{t("table.open")}</dt>
                <dd>{price(single.price)}</dd>
              </div>
              <div>
                <dt>{t("table.current")}</dt>
                <dd>{price(single.update_price)}</dd>
              </div>
            </dl>
          ) : (
            <ul className={s.closeList} data-testid="close-list">
              {summary.positions.map((p) => (
                <li key={p.id}>
                  <span className={p.type === 1 ? ts.up : ts.down}>{name(p)}</span>{" "}
                  {t("close.line", { n: p.share, multiple: p.multiple, profit: money(p.profits), currency })}
                </li>
              ))}
            </ul>
          )}
          <dl className={cd.list}>
            {single ? null : (
              <div>
                <dt>{t("close.count")}</dt>
                <dd data-testid="close-count">{summary.positions.length}</dd>
              </div>
            )}
            <div>
              <dt>{t("close.margin")}</dt>
              <dd data-testid="close-margin">
                {money(summary.margin)} {currency}
              </dd>
            </div>
            <div>
              <dt>{t("close.profit")}</dt>
              <dd className={summary.profit.startsWith("-") ? ts.down : ts.up} data-testid="close-profit">
                {money(summary.profit)} {currency}
                {roe !== null ? ` · ${t("table.roe", { percent: formatAmount(roe, { lang, dp: 2 }) })}` : ""}
              </dd>
            </div>
          </dl>
          <p className={ts.muted}>{t("close.note")}</p>
          <ConfirmSubmission fetcher={fetcher} failed={failed} onSent={onSent} back={back} verb={verb}>
            <input type="hidden" name="intent" value={ask.kind === "close" ? "close" : "batch"} />
            {ask.kind === "close" ? (
              <input type="hidden" name="id" value={ask.id} />
            ) : (
              <>
                <input type="hidden" name="type" value={ask.type} />
                <input type="hidden" name="currency_match_id" value={pair.id} />
              </>
            )}
          </ConfirmSubmission>
        </>
      )}
    </ConfirmDialog>
  );
}
