import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Select, Textarea } from "~/components/form/control";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import { Pager } from "~/components/pager";
import { FEEDBACK_CONTENT_MIN, FEEDBACK_TYPES, type FeedbackType } from "~/contract/core/personal";
import { pagerOf } from "~/lib/pager";
import { useTranslation } from "~/lib/translate";
import { lazyValidation } from "~/lib/use-lazy-validate";
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";
import * as k from "./kyc.css";
import { usePersonalValidate } from "./use-personal-validate";

type Constraint = Parameters<typeof useForm>[0]["constraint"];

/** The new-feedback form: type, title and content, each refusal on its field, the input kept. */
export function FeedbackForm({ constraint, lastResult }: { constraint: Constraint; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("kyc");
  const busy = useNavigation().state === "submitting";
  const validate = usePersonalValidate("feedback");
  const [form, fields] = useForm({ id: "feedback", lastResult: lastResult ?? undefined, constraint, ...lazyValidation(validate) });
  const hintId = `${fields.content.id}-hint`;
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="feedback-form-title">
      <h2 id="feedback-form-title" className={k.subtitle}>
        {t("feedback.new")}
      </h2>
      <FormError id={form.errorId} errors={form.errors} />
      <div className={fieldClass}>
        <label htmlFor={fields.type.id} className={labelClass}>
          {t("feedback.type")}
        </label>
        <Select {...getSelectProps(fields.type)} className={`${input} ${k.select}`}>
          <option value="">{t("feedback.choose")}</option>
          {FEEDBACK_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`feedback.types.${type}`)}
            </option>
          ))}
        </Select>
        <ErrorLine field={fields.type} />
      </div>
      <TextField label={t("feedback.fieldTitle")} inputProps={getInputProps(fields.title, { type: "text" })} field={fields.title} />
      <div className={fieldClass}>
        <label htmlFor={fields.content.id} className={labelClass}>
          {t("feedback.content")}
        </label>
        <Textarea {...getTextareaProps(fields.content, { ariaDescribedBy: hintId })} rows={5} className={input} />
        <p id={hintId} className={k.hint}>
          {t("feedback.contentHint", { count: FEEDBACK_CONTENT_MIN })}
        </p>
        <ErrorLine field={fields.content} />
      </div>
      <button type="submit" className={`${button.primary} ${k.submit}`} aria-disabled={busy || undefined}>
        {t("feedback.send")}
      </button>
    </Form>
  );
}

type FeedbackRow = { id: number; type: FeedbackType; title: string; content: string; status: number; reply: string; time: string };

/** My feedback, newest first, with its status and the reply; a page at a time. */
export function FeedbackList({
  rows,
  total,
  page,
  perPage,
  error,
}: {
  rows: FeedbackRow[];
  total: number;
  page: number;
  perPage: number;
  error: string | null;
}) {
  const { t } = useTranslation("kyc");
  return (
    <section aria-labelledby="feedback-list-title">
      <h2 id="feedback-list-title" className={k.subtitle}>
        {t("feedback.mine")}
      </h2>
      {error ? <p role="alert">{error}</p> : null}
      {rows.length === 0 ? (
        <p className={k.hint}>{t("feedback.empty")}</p>
      ) : (
        <ul className={k.feedbackList}>
          {rows.map((f) => (
            <li key={f.id} className={k.feedbackItem}>
              <p className={k.feedbackHead}>
                <strong>{f.title}</strong>
                <span className={k.hint}>
                  {t(`feedback.types.${f.type}`)} · {f.time} · {t(f.status === 1 ? "feedback.answered" : "feedback.open")}
                </span>
              </p>
              <p className={k.feedbackText}>{f.content}</p>
              {f.reply ? (
                <p className={k.feedbackReply}>
                  <strong>{t("feedback.reply")}</strong> {f.reply}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager pager={pagerOf(total, page, perPage)} />
    </section>
  );
}
