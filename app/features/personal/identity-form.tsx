import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Input } from "~/components/form/control";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import { IMAGE_ACCEPT } from "~/lib/images";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";
import { ID_PICS, type IdPic } from "./constants";
import * as k from "./kyc.css";
import { usePersonalValidate } from "./use-personal-validate";

type Constraint = Parameters<typeof useForm>[0]["constraint"];

/**
 * The identity form: name, ID number and the ID's images. After a refusal the input is kept, and `pics` are the images
 * already uploaded (shown, and not asked for again).
 */
export function IdentityForm({
  page,
  constraint,
  lastResult,
  pics,
}: {
  page: string;
  constraint: Constraint;
  lastResult?: SubmissionResult<string[]> | null;
  pics?: Partial<Record<IdPic, string>>;
}) {
  const { t } = useTranslation("kyc");
  const busy = useNavigation().state === "submitting";
  const validate = usePersonalValidate("identity");
  const [form, fields] = useForm({ id: "identity", lastResult: lastResult ?? undefined, constraint, ...lazyValidation(validate) });
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} aria-labelledby="id-heading">
      <h2 id="id-heading" className={k.subtitle}>
        {t("identity.formHeading")}
      </h2>
      <p className={k.intro}>{t("identity.intro")}</p>
      {page ? <input type="hidden" name="page" value={page} /> : null}
      <FormError id={form.errorId} errors={form.errors} />
      <TextField
        label={t("identity.fields.name")}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
        field={fields.name}
      />
      <TextField
        label={t("identity.fields.card_id")}
        inputProps={{ ...getInputProps(fields.card_id, { type: "text" }), autoComplete: "off" }}
        field={fields.card_id}
      />
      {ID_PICS.map((pic) => {
        const kept = pics?.[pic] ?? "";
        const file = fields[`${pic}_file`];
        return (
          <div className={fieldClass} key={pic}>
            <label htmlFor={file.id} className={labelClass}>
              {t(`identity.fields.${pic}`)}
            </label>
            <input type="hidden" name={pic} value={kept} />
            {kept ? (
              <img
                src={kept}
                alt={t("identity.uploaded", { what: t(`identity.fields.${pic}`) })}
                className={k.preview}
                width={120}
                height={120}
              />
            ) : null}
            <Input
              {...getInputProps(file, { type: "file", ariaDescribedBy: "id-pic-hint" })}
              accept={IMAGE_ACCEPT}
              required={pic !== "hand_pic" && !kept}
              className={input}
            />
            <ErrorLine field={file} />
          </div>
        );
      })}
      <p id="id-pic-hint" className={k.hint}>
        {t("identity.picHint")}
      </p>
      <button type="submit" className={`${button.primary} ${k.submit}`} aria-disabled={busy || undefined}>
        {busy ? t("actions.saving") : t("identity.submit")}
      </button>
    </Form>
  );
}
