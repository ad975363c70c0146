import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { cardActions } from "~/styles/card-table.css";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import type { LockProduct as ContractProduct } from "~/contract/money";
import { useTranslation } from "~/lib/translate";
import { compareAmounts, displayAmount } from "~/lib/display";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button } from "~/styles/ui.css";
import { FormError, TextField } from "~/components/form/field";
import * as s from "~/styles/money-pages.css";
import { JsFlag } from "~/components/form/js-flag";
import { useSavingsValidate } from "./use-savings-validate";
import { MoneyTable } from "~/components/money-table";

/** A lock product with its interest over the whole term (computed by the loader). */
export type LockProduct = ContractProduct & { cycle_interest: string };

type Constraint = Parameters<typeof useForm>[0]["constraint"];

/**
 * The buy action's answer: conform's reply (a refused amount on the amount field, any other refusal on the form, what
 * was typed kept), the product it is about, and after a purchase (with JavaScript) the message to show.
 */
export type BuyResult = { ok: boolean; id: number; result: SubmissionResult<string[]>; message?: string };

type ConfirmProps = {
  product: LockProduct;
  idempotencyKey: string;
  /** Spot balance of the product's currency, when known. */
  available: string | null;
  /** The loader's constraints of the buy form. */
  constraint: Constraint;
  /** The action's reply to a purchase of this product that was refused, if any. */
  lastResult?: SubmissionResult<string[]> | null;
  /** In the dialog (opened only with JavaScript): the form carries `<JsFlag />`, so the action answers data, not a redirect. */
  js: boolean;
  titleId: string;
  cancel: { onClick: () => void } | { href: string };
};

/** What a purchase does, and the form that makes it (one idempotency key per rendered form). */
export function ConfirmPurchase({ product: p, idempotencyKey, available, constraint, lastResult, js, titleId, cancel }: ConfirmProps) {
  const { t, i18n } = useTranslation("savings");
  const lang = i18n.language;
  const validate = useSavingsValidate("buy", {
    limit_number: p.limit_number,
    max_number: p.max_number,
    code: p.currency.code,
    available,
    lang,
  });
  const [form, fields] = useForm({
    id: titleId.replace(/-title$/, ""),
    lastResult: lastResult ?? undefined,
    defaultValue: { number: p.limit_number },
    constraint,
    ...lazyValidation(validate),
  });
  const amount = (v: string) => displayAmount(v, 2, lang);
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "buy" && navigation.formData.get("id") === String(p.id);
  const code = p.currency.code;
  const errorId = form.errorId;
  const error = form.errors?.length ? form.errors : null;
  const hintId = `${fields.number.id}-hint`;
  // Said before confirming: a spot balance below the product's minimum cannot buy it (the button is off).
  const short = available !== null && compareAmounts(available, p.limit_number) === -1;
  const shortId = `${titleId}-short`;
  return (
    <>
      <h2 id={titleId} className={s.h2}>
        {t("confirm.title")}
      </h2>
      <dl className={s.facts}>
        <dt>{t("confirm.product")}</dt>
        <dd>{p.name}</dd>
        <dt>{t("confirm.range")}</dt>
        <dd>{t("confirm.rangeValue", { min: amount(p.limit_number), max: amount(p.max_number), code })}</dd>
        <dt>{t("confirm.cycle")}</dt>
        <dd>{t("days", { count: p.limit_days })}</dd>
        <dt>{t("confirm.rate")}</dt>
        <dd>{t("ratePercent", { rate: p.display_rate })}</dd>
        <dt>{t("confirm.dailyOn", { amount: amount(p.limit_number), code })}</dt>
        <dd>
          {amount(p.daily_dividend)} {code}
        </dd>
        <dt>{t("confirm.totalOn", { amount: amount(p.limit_number), code })}</dt>
        <dd>
          {amount(p.cycle_interest)} {code}
        </dd>
        {available !== null ? (
          <>
            <dt>{t("confirm.available")}</dt>
            <dd data-testid="confirm-available">
              {amount(available)} {code}
            </dd>
          </>
        ) : null}
      </dl>
      <p className={s.small}>{t("confirm.note", { days: p.limit_days, count: p.limit_days })}</p>
      {short ? (
        <p id={shortId} className={s.errorBox}>
          {t("confirm.notEnough", { available: amount(available ?? "0"), min: amount(p.limit_number), code })}{" "}
          <Link to={`/assets/deposit`}>{t("confirm.toDeposit", { code })}</Link> ·{" "}
          <Link to="/assets/transfer">{t("confirm.toTransfer")}</Link>
        </p>
      ) : null}
      <FormError id={errorId} errors={form.errors} />
      <Form method="post" {...getFormProps(form)} action={js ? "/deposit" : `/deposit?confirm=${p.id}`} preventScrollReset>
        <input type="hidden" name="intent" value="buy" />
        <input type="hidden" name="id" value={p.id} />
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        {js ? <JsFlag /> : null}
        <TextField
          label={t("confirm.amountLabel", { code })}
          inputProps={{
            ...getInputProps(fields.number, { type: "text", ariaDescribedBy: hintId }),
            inputMode: "decimal",
            autoComplete: "off",
            disabled: short,
          }}
          hintId={hintId}
          hint={t("confirm.rangeValue", { min: amount(p.limit_number), max: amount(p.max_number), code })}
          field={fields.number}
        />
        <div className={s.actions}>
          <button
            type="submit"
            className={button.primary}
            aria-disabled={busy || undefined}
            disabled={short}
            aria-describedby={[error ? errorId : "", short ? shortId : ""].filter(Boolean).join(" ") || undefined}
            onClick={(e) => {
              if (busy) e.preventDefault();
            }}
          >
            {busy ? t("confirm.buying") : t("confirm.buy")}
          </button>
          {"href" in cancel ? (
            <Link to={cancel.href} className={button.secondary} preventScrollReset>
              {t("common:actions.cancel")}
            </Link>
          ) : (
            <button type="button" className={button.secondary} onClick={cancel.onClick}>
              {t("common:actions.cancel")}
            </button>
          )}
        </div>
      </Form>
    </>
  );
}

type ListProps = {
  products: LockProduct[];
  loggedIn: boolean;
  keys: Record<string, string>;
  balances: Record<string, string>;
  constraint: Constraint;
  /** The last answer of the buy action (JS path), to close the dialog or show the exchange's error in it. */
  result: BuyResult | null;
};

/**
 * Lock products. A buy button is a link to `?confirm=<id>` (the confirmation step without JavaScript);
 * with JavaScript it opens the same confirmation in a modal <dialog> (Escape closes, focus goes back).
 */
export function ProductTable({ products, loggedIn, keys, balances, constraint, result }: ListProps) {
  const { t, i18n } = useTranslation("savings");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [selected, setSelected] = useState<LockProduct | null>(null);
  // The refusal shown in the dialog: this opening's, never one from an earlier opening.
  const [refusal, setRefusal] = useState<SubmissionResult<string[]> | null>(null);
  const handled = useRef<BuyResult | null>(result);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (selected && dialog && !dialog.open) dialog.showModal();
  }, [selected]);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) dialogRef.current?.close();
    else setRefusal(result.result);
  }, [result]);

  function open(e: MouseEvent<HTMLAnchorElement>, p: LockProduct) {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    openerRef.current = e.currentTarget;
    setRefusal(null);
    setSelected(p);
  }

  if (products.length === 0) return <p className={s.empty}>{t("products.empty")}</p>;
  return (
    <>
      <MoneyTable
        labelledBy="products-title"
        cards
        columns={[
          { head: t("products.name") },
          { head: t("products.cycle"), num: true },
          { head: t("products.rate"), num: true },
          { head: t("products.limit"), num: true },
          { head: <span className="sr-only">{t("products.action")}</span> },
        ]}
      >
        {products.map((p) => (
          <tr key={p.id}>
            <th scope="row">{p.name}</th>
            <td className="num" data-label={t("products.cycle")}>
              {t("days", { count: p.limit_days })}
            </td>
            <td className="num" data-label={t("products.rate")}>
              <span className={s.rate}>{t("ratePercent", { rate: p.display_rate })}</span>
            </td>
            <td className="num" data-label={t("products.limit")}>
              {t("confirm.rangeValue", {
                min: displayAmount(p.limit_number, 2, i18n.language),
                max: displayAmount(p.max_number, 2, i18n.language),
                code: p.currency.code,
              })}
            </td>
            <td className={`num ${cardActions}`}>
              {loggedIn ? (
                <a
                  href={`/deposit?confirm=${p.id}`}
                  className={button.primary}
                  aria-label={t("products.buyNamed", { name: p.name })}
                  onClick={(e) => open(e, p)}
                >
                  {t("products.buy")}
                </a>
              ) : (
                <Link to="/login?page=%2Fdeposit" className={button.secondary} aria-label={t("products.loginToBuyNamed", { name: p.name })}>
                  {t("products.loginToBuy")}
                </Link>
              )}
            </td>
          </tr>
        ))}
      </MoneyTable>
      {loggedIn ? (
        <dialog
          ref={dialogRef}
          className={s.dialog}
          aria-labelledby="buy-dialog-title"
          onClose={() => {
            setSelected(null);
            setRefusal(null);
            openerRef.current?.focus();
          }}
        >
          {selected ? (
            <ConfirmPurchase
              product={selected}
              idempotencyKey={keys[String(selected.id)] ?? ""}
              available={balances[selected.currency.code] ?? null}
              constraint={constraint}
              lastResult={refusal}
              js
              titleId="buy-dialog-title"
              cancel={{ onClick: () => dialogRef.current?.close() }}
            />
          ) : null}
        </dialog>
      ) : null}
    </>
  );
}
