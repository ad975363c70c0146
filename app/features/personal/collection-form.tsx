import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Input } from "~/components/form/control";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import type { PayMethodCode } from "~/contract/core/personal";
import { IMAGE_ACCEPT } from "~/lib/images";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";
import * as k from "./kyc.css";
import { usePersonalValidate } from "./use-personal-validate";

type Constraint = Parameters<typeof useForm>[0]["constraint"];

/**
 * One collection method's form: real name and account with the payment QR code (Alipay, WeChat Pay), or the bank card.
 * `saved` fills it; after a refusal the input is kept, and `qrcode` is the image already uploaded (or saved), if any.
 */
export function CollectionForm({
  code,
  typeId,
  saved,
  constraint,
  lastResult,
  qrcode,
}: {
  code: PayMethodCode;
  typeId: number;
  saved: Record<string, string> | null;
  constraint: Constraint;
  lastResult?: SubmissionResult<string[]> | null;
  qrcode?: string;
}) {
  const { t } = useTranslation("kyc");
  const busy = useNavigation().state === "submitting";
  const validate = usePersonalValidate(code === "bank" ? "bankMethod" : "walletMethod");
  const [form, fields] = useForm<Record<string, string>>({
    id: `collection-${code}`,
    lastResult: lastResult ?? undefined,
    defaultValue: saved ?? undefined,
    constraint,
    ...lazyValidation(validate),
  });
  const kept = qrcode ?? saved?.qrcode ?? "";
  const text = (field: FieldMetadata<string>, extra: { inputMode?: "numeric"; autoComplete?: string } = {}) => (
    <TextField
      label={t(`collection.fields.${field.name}`)}
      inputProps={{ ...getInputProps(field, { type: "text" }), ...extra }}
      field={field}
    />
  );
  const qr = fields.qrcode_file;
  const qrHintId = `${qr.id}-hint`;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} aria-labelledby="pm-heading">
      <h2 id="pm-heading" className={k.subtitle}>
        {t(saved ? "collection.savedHeading" : "collection.newHeading", { method: t(`collection.type.${code}`) })}
      </h2>
      <input type="hidden" name="type" value={typeId} />
      <input type="hidden" name="code" value={code} />
      <FormError id={form.errorId} errors={form.errors} />
      {text(fields.real_name, { autoComplete: "name" })}
      {code === "bank" ? (
        <>
          {text(fields.bank_name)}
          {text(fields.bank_address)}
          {text(fields.card_no, { inputMode: "numeric" })}
        </>
      ) : (
        <>
          {text(fields.account)}
          <input type="hidden" name="qrcode" value={kept} />
          <div className={fieldClass}>
            <label htmlFor={qr.id} className={labelClass}>
              {t("collection.fields.qrcode")}
            </label>
            {kept ? <img src={kept} alt={t("collection.currentQr")} className={k.preview} width={120} height={120} /> : null}
            <Input
              {...getInputProps(qr, { type: "file", ariaDescribedBy: qrHintId })}
              accept={IMAGE_ACCEPT}
              required={!kept}
              className={input}
            />
            <p id={qrHintId} className={k.hint}>
              {t("collection.qrHint")}
            </p>
            <ErrorLine field={qr} />
          </div>
        </>
      )}
      <button type="submit" className={`${button.primary} ${k.submit}`} aria-disabled={busy || undefined}>
        {busy ? t("actions.saving") : t("actions.save")}
      </button>
    </Form>
  );
}
