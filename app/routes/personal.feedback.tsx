import { Select, Textarea } from "~/components/form/control";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ErrorLine, FormError, TextField } from "~/components/form/field";
import { Pager } from "~/components/pager";
import { FEEDBACK_CONTENT_MIN, FEEDBACK_TYPES, type FeedbackType } from "~/contract/core/personal";
import * as a from "~/features/auth/auth.css";
import * as k from "~/features/personal/kyc.css";
import { getT } from "~/lib/i18next.server";
import { api, loaded } from "~/lib/api.server";
import { pagerOf } from "~/lib/pager";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { button, field as fieldClass, input, label as labelClass } from "~/styles/ui.css";

const RETURN_TO = "/personal/feedback";
const FIELDS = ["type", "title", "content"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type ActionData = { fieldErrors: Partial<Record<Field, string>>; formError: string | null; values: Values };
const PER_PAGE = 10;

/** /personal/feedback: type, title and content (at least 10 characters); my feedback with its status and reply. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: RETURN_TO });
  const page = Math.max(1, Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1));
  const [t, list] = await Promise.all([
    getT(request, "kyc"),
    api({ request, context }, "feedbackList", { page, limit: PER_PAGE }).then(loaded),
  ]);
  return data(
    {
      title: t("feedback.title"),
      rows: list.ok
        ? list.data.data.map((f) => ({ ...f, time: `${new Date(f.created_at).toISOString().slice(0, 16).replace("T", " ")} UTC` }))
        : [],
      total: list.ok ? list.data.total : 0,
      page,
      error: list.ok ? null : list.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: RETURN_TO });
  const form = await request.formData();
  const t = await getT(request, "kyc");
  const values: Values = {
    type: String(form.get("type") ?? "").slice(0, 40),
    title: String(form.get("title") ?? "").slice(0, 80),
    content: String(form.get("content") ?? "").slice(0, 2000),
  };
  // The exchange checks the rules and names the field a refusal concerns; the input comes back as typed.
  const r = await api({ request, context }, "feedbackSubmit", { ...values, type: values.type as FeedbackType });
  if (!r.ok) {
    const field = r.reason?.field as Field | undefined;
    return data<ActionData>(
      field && FIELDS.includes(field)
        ? { fieldErrors: { [field]: r.msg }, formError: null, values }
        : { fieldErrors: {}, formError: r.msg, values },
      { status: 400 },
    );
  }
  throw await redirectWithToast(request, RETURN_TO, { kind: "success", message: t("feedback.sent") });
}

export default function FeedbackRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("kyc");
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values;
  return (
    <main className={a.page}>
      <div className={a.card}>
        <h1 className={a.title}>{d.title}</h1>
        <Form method="post" aria-labelledby="feedback-form-title">
          <h2 id="feedback-form-title" className={k.subtitle}>
            {t("feedback.new")}
          </h2>
          <FormError id="fb-form-error" errors={actionData?.formError ? [actionData.formError] : undefined} />
          <div className={fieldClass}>
            <label htmlFor="fb-type" className={labelClass}>
              {t("feedback.type")}
            </label>
            <Select
              id="fb-type"
              name="type"
              required
              defaultValue={values?.type ?? ""}
              className={`${input} ${a.select}`}
              aria-invalid={errors.type ? true : undefined}
              aria-describedby="fb-type-error"
            >
              <option value="">{t("feedback.choose")}</option>
              {FEEDBACK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`feedback.types.${type}`)}
                </option>
              ))}
            </Select>
            <ErrorLine id="fb-type-error" errors={errors.type ? [errors.type] : undefined} />
          </div>
          <TextField
            label={t("feedback.fieldTitle")}
            inputProps={{
              id: "fb-title",
              name: "title",
              required: true,
              maxLength: 80,
              defaultValue: values?.title ?? "",
              "aria-invalid": errors.title ? true : undefined,
              "aria-describedby": "fb-title-error",
            }}
            errorId="fb-title-error"
            errors={errors.title ? [errors.title] : undefined}
          />
          <div className={fieldClass}>
            <label htmlFor="fb-content" className={labelClass}>
              {t("feedback.content")}
            </label>
            <Textarea
              id="fb-content"
              name="content"
              required
              minLength={FEEDBACK_CONTENT_MIN}
              maxLength={2000}
              rows={5}
              defaultValue={values?.content ?? ""}
              className={input}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby="fb-content-hint fb-content-error"
            />
            <p id="fb-content-hint" className={k.hint}>
              {t("feedback.contentHint", { count: FEEDBACK_CONTENT_MIN })}
            </p>
            <ErrorLine id="fb-content-error" errors={errors.content ? [errors.content] : undefined} />
          </div>
          <button type="submit" className={`${button.primary} ${a.submit}`} aria-disabled={busy || undefined}>
            {t("feedback.send")}
          </button>
        </Form>

        <section aria-labelledby="feedback-list-title">
          <h2 id="feedback-list-title" className={k.subtitle}>
            {t("feedback.mine")}
          </h2>
          {d.error ? <p role="alert">{d.error}</p> : null}
          {d.rows.length === 0 ? (
            <p className={k.hint}>{t("feedback.empty")}</p>
          ) : (
            <ul className={k.feedbackList}>
              {d.rows.map((f) => (
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
          <Pager pager={pagerOf(d.total, d.page, PER_PAGE)} />
        </section>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Feedback" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
