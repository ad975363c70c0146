import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import * as cd from "~/components/confirm-dialog.css";
import { Input, Textarea } from "~/components/form/control";
import { ErrorLine, FormError } from "~/components/form/field";
import { IMAGE_ACCEPT } from "~/lib/images";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button, input, label as labelClass } from "~/styles/ui.css";
import * as s from "./fiat.css";
import type { FiatActionData } from "./fiat.server";
import type { FormName } from "./schemas";
import { useFiatValidate } from "./use-fiat-validate";

// The order page's forms with typed input (order-view.tsx renders them where the order allows the action). Each
// refusal comes back in conform's reply: on its field, or on the form; the input is kept, never the trade password.
// Their lengths and required fields come with the constraint (the loader's, from schemas.ts).

export type Constraint = Parameters<typeof useForm>[0]["constraint"];
type Result = FiatActionData["result"] | undefined;
/** What each typed form needs: its hidden intent and order id, its constraint, and the reply to its last post. */
type Props = { hidden: ReactNode; constraint: Constraint; lastResult: Result };

/** conform's state of one of these forms, with the lazily loaded checks (app/features/fiat/validate.ts). */
function useOrderForm(id: string, schema: FormName, constraint: Constraint, lastResult: Result) {
  const validate = useFiatValidate(schema);
  return useForm({ id, lastResult, constraint, ...lazyValidation(validate) });
}

/** The buyer's payment voucher: an image, uploaded (and replaced) until the seller releases. */
export function VoucherForm({ hidden, constraint, lastResult, replace, busy }: Props & { replace: boolean; busy: boolean }) {
  const { t } = useTranslation("fiat");
  const [form, fields] = useOrderForm("voucher", "voucher", constraint, lastResult);
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
      {hidden}
      <FormError id={form.errorId} errors={form.errors} />
      <div className={s.formRow}>
        <div className={s.grow}>
          <label htmlFor={fields.voucher_file.id} className={labelClass}>
            {t(replace ? "order.voucherReplace" : "order.voucherUpload")}
          </label>
          <Input {...getInputProps(fields.voucher_file, { type: "file" })} accept={IMAGE_ACCEPT} className={input} />
        </div>
        <button type="submit" className={button.secondary} aria-disabled={busy || undefined}>
          {t("order.upload")}
        </button>
      </div>
      <ErrorLine field={fields.voucher_file} />
    </Form>
  );
}

/** Marking the order abnormal, or appealing it: what happened, in a disclosure that a refusal opens again. */
export function ReasonForm({ hidden, constraint, lastResult, intent }: Props & { intent: "abnormal" | "appeal" }) {
  const { t } = useTranslation("fiat");
  const [form, fields] = useOrderForm(intent, "reason", constraint, lastResult);
  return (
    <details open={Boolean(lastResult)}>
      <summary className={`${button.secondary} ${s.summaryButton}`}>{t(`order.${intent}`)}</summary>
      <Form method="post" {...getFormProps(form)}>
        {hidden}
        <FormError id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.reason.id} className={labelClass}>
          {t("order.reason")}
        </label>
        <Textarea {...getTextareaProps(fields.reason)} rows={3} className={input} />
        <ErrorLine field={fields.reason} />
        <button type="submit" className={button.primary}>
          {t(`order.${intent}Submit`)}
        </button>
      </Form>
    </details>
  );
}

/** The seller's release, in its confirmation step: the trade password. */
export function ReleaseForm({
  hidden,
  constraint,
  lastResult,
  busy,
  passwordHref,
  submitLabel,
}: Props & { busy: boolean; passwordHref: string; submitLabel: string }) {
  const { t } = useTranslation("fiat");
  const [form, fields] = useOrderForm("release", "confirm", constraint, lastResult);
  return (
    <>
      <FormError id={form.errorId} errors={form.errors} />
      <Form method="post" className={cd.form} {...getFormProps(form)}>
        {hidden}
        <label htmlFor={fields.password.id} className={labelClass}>
          {t("order.tradePassword")}
        </label>
        <Input {...getInputProps(fields.password, { type: "password" })} autoComplete="off" maxLength={64} className={input} />
        <ErrorLine field={fields.password} />
        <p className={s.small}>
          <Link to={passwordHref} className={s.smallLink}>
            {t("order.setTradePassword")}
          </Link>
        </p>
        <button type="submit" className={button.primary} aria-disabled={busy || undefined}>
          {submitLabel}
        </button>
      </Form>
    </>
  );
}

/** A chat line to the other party. */
export function MessageForm({ hidden, constraint, lastResult }: Props) {
  const { t } = useTranslation("fiat");
  const [form, fields] = useOrderForm("chat", "message", constraint, lastResult);
  return (
    <Form method="post" {...getFormProps(form)}>
      {hidden}
      <FormError id={form.errorId} errors={form.errors} />
      <label htmlFor={fields.body.id} className={labelClass}>
        {t("order.message")}
      </label>
      <div className={s.formRow}>
        <Input {...getInputProps(fields.body, { type: "text" })} autoComplete="off" className={`${input} ${s.grow}`} />
        <button type="submit" className={button.secondary}>
          {t("order.send")}
        </button>
      </div>
      <ErrorLine field={fields.body} />
    </Form>
  );
}
