import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "@remix-run/react";
import { useRevalidator } from "~/lib/use-revalidator";
import { ConfirmDialog } from "~/components/confirm-dialog";
import * as cd from "~/components/confirm-dialog.css";
import { ErrorLine, FormError } from "~/components/form/field";
import type { P2PMessage, P2POrder } from "~/contract/p2p";
import { formatAmount } from "~/lib/amount";
import { useTranslation } from "~/lib/translate";
import { useLiveChannel } from "~/lib/use-live";
import { button, input, label as labelClass } from "~/styles/ui.css";
import type { FiatActionData } from "./fiat.server";
import * as s from "./fiat.css";
import { clock, COIN_DP, FIAT_DP, utcTime } from "./labels";
import { MessageForm, ReasonForm, ReleaseForm, VoucherForm, type Constraint } from "./order-forms";
import type { FormName } from "./schemas";

/** The order page's forms with typed input (order-forms.tsx); the others are a button. */
const TYPED = ["voucher", "confirm", "abnormal", "appeal", "message"];

const pushSchema = () => import("~/contract/p2p").then((m) => m.P2POrderPushSchema);

/** Seconds left to `due` by the server's clock at render, ticking each second once hydrated. */
function useCountdown(due: number | null, serverNow: number): number {
  const [left, setLeft] = useState(() => (due ? Math.max(0, Math.ceil((due - serverNow) / 1000)) : 0));
  useEffect(() => {
    if (!due) return undefined;
    const skew = Date.now() - serverNow;
    const tick = () => setLeft(Math.max(0, Math.ceil((due + skew - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [due, serverNow]);
  return left;
}

/**
 * One fiat order, for either party (docs/product.md, "Fiat order page"): what was agreed, the
 * time limit running, the seller's payment details for the buyer, the voucher, the actions this user may take now
 * (each a form; the exchange checks again) and the chat. A P2P_ORDER push reloads it.
 */
export function OrderView({
  order,
  messages,
  constraints,
  actionData,
}: {
  order: P2POrder;
  messages: P2PMessage[];
  /** Each typed form's constraint (from the loader), by schema. */
  constraints: Record<Extract<FormName, "voucher" | "confirm" | "reason" | "message">, Constraint>;
  actionData?: FiatActionData;
}) {
  const { t, i18n } = useTranslation("fiat");
  const lang = i18n.language;
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  useLiveChannel(
    "P2P_ORDER",
    pushSchema,
    (msg) => {
      if (msg.id === order.id && revalidator.state === "idle") revalidator.revalidate();
    },
    () => revalidator.revalidate(),
  );
  const payLeft = useCountdown(order.status === 1 ? order.pay_due_at : null, order.now);
  const confirmLeft = useCountdown(order.status === 2 || order.status === 5 ? order.confirm_due_at : null, order.now);
  const fiat = (v: string) => formatAmount(v, { lang, ...FIAT_DP });
  const coin = (v: string) => formatAmount(v, { lang, ...COIN_DP });
  const can = (a: string) => order.actions.includes(a as never);
  // A button's refusal (paid, cancel, delay) is above the actions, or on the field it names: the voucher (paid before
  // uploading one) or the payment method.
  const refusedButton = actionData && !TYPED.includes(actionData.intent) ? actionData : undefined;
  const voucherResult = actionData?.intent === "voucher" || actionData?.intent === "pay" ? actionData.result : undefined;
  const resultOf = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={order.id} />
    </>
  );
  const formErrors = refusedButton?.result.error?.[""] ?? undefined;
  const formError = formErrors ? <FormError id="order-form-error" errors={formErrors} /> : null;
  const payTypeErrors = refusedButton?.result.error?.pay_type ?? undefined;
  const paidWith = refusedButton?.intent === "pay" ? String(refusedButton.result.initialValue?.pay_type ?? "") : null;
  const buyer = order.role === "buyer";
  // Each navigation's own key: a new one (even to the same address) is a new question for the dialogs below.
  const { pathname, search, key: visit } = useLocation();
  const navigate = useNavigate();
  // The order's own address, without a confirmation step: where 'Back' and a finished action return.
  const here = `${pathname}?id=${order.id}`;
  const step = new URLSearchParams(search).get("confirm");
  // The payment method picked for 'I have paid' (the confirmation step's address), or sent with a refused one.
  const payType = payTypeOf(paidWith ?? new URLSearchParams(search).get("pay_type"), order.pay_types);
  useFocusAfter(navigation, actionData);
  // Without JavaScript the countdown is the server's remaining time: a refresh shows where the order stands.
  const refresh = (
    <Link to={pathname + search} className={s.refresh} preventScrollReset>
      {t("order.refresh")}
    </Link>
  );
  return (
    <>
      <section className={s.section} aria-labelledby="order-heading">
        <div className={s.head}>
          <h2 id="order-heading" className={s.h2}>
            {t(buyer ? "order.buyTitle" : "order.sellTitle", { quantity: coin(order.quantity), code: order.currency_code })}
          </h2>
          <p className={s.status} role="status" id="order-status" tabIndex={-1}>
            {t(`status.${order.status}`)}
          </p>
        </div>
        {formError}
        {order.status === 1 ? (
          <p>
            {t(buyer ? "order.payWithin" : "order.waitPay")} <span className={s.countdown}>{clock(payLeft)}</span> {refresh}
          </p>
        ) : null}
        {order.status === 2 || order.status === 5 ? (
          <p>
            {t(buyer ? "order.waitConfirm" : "order.confirmWithin")} <span className={s.countdown}>{clock(confirmLeft)}</span> {refresh}
          </p>
        ) : null}
        {!buyer && (order.status === 2 || order.status === 5) && order.confirm_due_at ? (
          // The seller's deadline as a time, not only a countdown: missing it releases the coins to the buyer.
          <p className={s.notice} data-testid="release-notice">
            {t("order.releaseNotice", { amount: fiat(order.amount), fiat: order.fiat, time: utcTime(order.confirm_due_at) })}
          </p>
        ) : null}
        {order.status === 6 ? <p>{t("order.appealNote")}</p> : null}
        {order.status === 7 ? <p>{t("order.abnormalNote", { reason: order.abnormal_reason ?? "" })}</p> : null}
        {order.resolution ? <p>{t(`order.resolution.${order.resolution}`)}</p> : null}
        <dl className={s.dl}>
          <dt className={s.dt}>{t("order.no")}</dt>
          <dd className={`${s.dd} ${s.mono}`}>{order.order_no}</dd>
          <dt className={s.dt}>{t("order.amount")}</dt>
          <dd className={`${s.dd} ${s.mono}`}>
            {fiat(order.amount)} {order.fiat}
          </dd>
          <dt className={s.dt}>{t("order.price")}</dt>
          <dd className={`${s.dd} ${s.mono}`}>
            {fiat(order.price)} {order.fiat}
          </dd>
          <dt className={s.dt}>{t("order.quantity")}</dt>
          <dd className={`${s.dd} ${s.mono}`}>
            {coin(order.quantity)} {order.currency_code}
          </dd>
          <dt className={s.dt}>{t(buyer ? "order.seller" : "order.buyer")}</dt>
          <dd className={s.dd}>{order.counterparty.name}</dd>
          <dt className={s.dt}>{t("order.created")}</dt>
          <dd className={s.dd}>{utcTime(order.created_at)}</dd>
          {order.pay_type ? (
            <>
              <dt className={s.dt}>{t("order.payType")}</dt>
              <dd className={s.dd}>{t(`pay.${order.pay_type}`)}</dd>
            </>
          ) : null}
        </dl>
      </section>

      {buyer && order.status !== 3 ? (
        <section className={s.section} aria-labelledby="payee-heading">
          <h2 id="payee-heading" className={s.h2}>
            {t("order.payee")}
          </h2>
          {order.payment_hidden === "cancelled" ? (
            <p>{t("order.paymentHidden")}</p>
          ) : (
            <ul className={s.list}>
              {(order.payees ?? []).map((p) => (
                <li key={p.code}>
                  <strong>{t(`pay.${p.code}`)}</strong>
                  <dl className={s.dl}>
                    {Object.entries(p.raw_data)
                      .filter(([k]) => k !== "qrcode")
                      .map(([k, v]) => (
                        <div key={k} className={s.contents}>
                          <dt className={s.dt}>{t(`payee.${k}`, { defaultValue: k })}</dt>
                          <dd className={`${s.dd} ${s.mono}`}>{v}</dd>
                        </div>
                      ))}
                  </dl>
                  {p.raw_data.qrcode ? (
                    <img src={p.raw_data.qrcode} alt={t("order.qrOf", { method: t(`pay.${p.code}`) })} className={s.voucher} />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      <section className={s.section} aria-labelledby="actions-heading">
        <h2 id="actions-heading" className={s.h2}>
          {t("order.actionsTitle")}
        </h2>
        {order.voucher ? (
          <figure>
            <img src={order.voucher} alt={t("order.voucherAlt")} className={s.voucher} />
            <figcaption className={s.small}>{t("order.voucher")}</figcaption>
          </figure>
        ) : null}
        {can("voucher") ? (
          <VoucherForm
            hidden={hidden("voucher")}
            replace={Boolean(order.voucher)}
            busy={busy("voucher")}
            constraint={constraints.voucher}
            lastResult={voucherResult}
          />
        ) : null}
        {can("pay") ? (
          <Form method="get" preventScrollReset>
            <input type="hidden" name="id" value={order.id} />
            <input type="hidden" name="confirm" value="pay" />
            <div className={s.formRow}>
              <div className={s.grow}>
                <label htmlFor="pay_type" className={labelClass}>
                  {t("order.paidWith")}
                </label>
                <select id="pay_type" name="pay_type" className={input} defaultValue={payType}>
                  {order.pay_types.map((p) => (
                    <option key={p} value={p}>
                      {t(`pay.${p}`)}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className={button.primary} aria-disabled={busy("pay") || undefined}>
                {t("order.markPaid")}
              </button>
            </div>
            <ErrorLine field={{ errorId: "pay_type-error", errors: payTypeErrors }} />
          </Form>
        ) : null}
        {can("confirm") ? (
          <Form method="get" preventScrollReset>
            <input type="hidden" name="id" value={order.id} />
            <input type="hidden" name="confirm" value="release" />
            <p className={s.small}>{t("order.confirmHint", { amount: fiat(order.amount), fiat: order.fiat })}</p>
            <button type="submit" className={button.primary}>
              {t("order.confirm")}
            </button>
          </Form>
        ) : null}
        <div className={s.actions}>
          {can("delay") ? (
            <Form method="post">
              {hidden("delay")}
              <button type="submit" className={button.secondary}>
                {t("order.delay")}
              </button>
            </Form>
          ) : null}
          {can("cancel") ? (
            <details>
              <summary className={`${button.secondary} ${s.summaryButton}`}>{t("order.cancel")}</summary>
              <Form method="post">
                {hidden("cancel")}
                <p className={s.small}>{t("order.cancelWarn")}</p>
                <button type="submit" className={button.down}>
                  {t("order.cancelConfirm")}
                </button>
              </Form>
            </details>
          ) : null}
        </div>
        {(["abnormal", "appeal"] as const)
          .filter((a) => can(a))
          .map((a) => (
            <ReasonForm key={a} intent={a} hidden={hidden(a)} constraint={constraints.reason} lastResult={resultOf(a)} />
          ))}
        {order.actions.length === 0 ? <p className={s.small}>{t("order.noActions")}</p> : null}
      </section>

      {step === "pay" && can("pay") && actionData?.intent !== "pay" ? (
        <ConfirmDialog
          answer={visit}
          reviewKey={`pay-${order.id}`}
          titleId="pay-confirm-title"
          title={t("order.confirmPay.title")}
          backLabel={t("order.confirmPay.back")}
          initialFocus="back"
          onClose={() => navigate(here, { replace: true, preventScrollReset: true })}
        >
          <p>{t("order.confirmPay.body", { amount: fiat(order.amount), fiat: order.fiat, seller: order.counterparty.name })}</p>
          <dl className={cd.list}>
            <div>
              <dt>{t("order.amount")}</dt>
              <dd data-testid="pay-confirm-amount">
                {fiat(order.amount)} {order.fiat}
              </dd>
            </div>
            <div>
              <dt>{t("order.seller")}</dt>
              <dd>{order.counterparty.name}</dd>
            </div>
            <div>
              <dt>{t("order.paidWith")}</dt>
              <dd>{t(`pay.${payType}`)}</dd>
            </div>
            <div>
              <dt>{t("order.confirmPay.receive")}</dt>
              <dd>
                {coin(order.quantity)} {order.currency_code}
              </dd>
            </div>
          </dl>
          <p className={s.small}>{t("order.confirmPay.warn")}</p>
          <Form method="post" action={here} className={cd.form}>
            {hidden("pay")}
            <input type="hidden" name="pay_type" value={payType} />
            <button type="submit" className={button.primary} aria-disabled={busy("pay") || undefined}>
              {t("order.confirmPay.confirm")}
            </button>
          </Form>
        </ConfirmDialog>
      ) : null}
      {step === "release" && can("confirm") ? (
        <ConfirmDialog
          answer={actionData ?? visit}
          reviewKey={`release-${order.id}`}
          titleId="release-confirm-title"
          title={t("order.confirmRelease.title")}
          backLabel={t("order.confirmRelease.back")}
          onClose={() => navigate(here, { replace: true, preventScrollReset: true })}
        >
          <p>
            {t("order.confirmRelease.body", {
              quantity: coin(order.quantity),
              code: order.currency_code,
              buyer: order.counterparty.name,
              amount: fiat(order.amount),
              fiat: order.fiat,
            })}
          </p>
          <ReleaseForm
            hidden={hidden("confirm")}
            busy={busy("confirm")}
            constraint={constraints.confirm}
            lastResult={resultOf("confirm")}
            passwordHref={`/tradePassword?page=${encodeURIComponent(`${here}&confirm=release`)}`}
            submitLabel={t("order.confirmRelease.confirm", { quantity: coin(order.quantity), code: order.currency_code })}
          />
        </ConfirmDialog>
      ) : null}

      <section className={s.section} aria-labelledby="chat-heading">
        <h2 id="chat-heading" className={s.h2}>
          {t("order.chat")}
        </h2>
        <ol className={s.chat} aria-live="polite">
          {messages.map((m) => (
            <li key={m.id} className={`${s.bubble} ${m.from === "me" ? s.mine : m.from === "system" ? s.system : ""}`}>
              <span className={s.small}>
                {t(`chat.${m.from}`)} · {utcTime(m.created_at).slice(11)}
              </span>
              <br />
              {m.body}
            </li>
          ))}
        </ol>
        {can("message") ? (
          <MessageForm key={messages.length} hidden={hidden("message")} constraint={constraints.message} lastResult={resultOf("message")} />
        ) : null}
      </section>
    </>
  );
}

/** The payment method picked, if this order offers it, else the first offered. */
function payTypeOf(picked: string | null, offered: readonly string[]): string {
  return picked && offered.includes(picked) ? picked : (offered[0] ?? "");
}

/**
 * After 'I have paid' or the release went through (the page reloaded with the order's new state), focus moves to
 * the order's status, not to the page's start: the dialog that held the button is gone.
 */
function useFocusAfter(navigation: ReturnType<typeof useNavigation>, actionData: FiatActionData | undefined) {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST") {
      pending.current = String(navigation.formData?.get("intent") ?? "");
      return;
    }
    if (navigation.state !== "idle" || !pending.current) return;
    const intent = pending.current;
    pending.current = null;
    if (!actionData && (intent === "pay" || intent === "confirm")) document.getElementById("order-status")?.focus();
  }, [navigation.state, navigation.formMethod, navigation.formData, actionData]);
}
