import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NOTIFY_CATEGORIES } from "~/contract/core/notifications";
import * as a from "~/styles/card-page.css";
import { parseEmailChoices } from "~/features/notify/forms.server";
import * as s from "~/features/notify/notify.css";
import { api, loaded } from "~/lib/api.server";
import { getT } from "~/lib/i18next.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import { CardPage } from "~/components/card-page";

const HERE = "/personal/notifications";

/**
 * /personal/notifications: which categories of notifications also come by email (everything is in /notifications
 * anyway). One box per category; the defaults are docs/product.md's ("Notifications").
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: HERE });
  const [t, choices] = await Promise.all([getT(request, "notify"), api({ request, context }, "notificationSettings", {}).then(loaded)]);
  return data(
    { title: t("settings.title"), choices: choices.ok ? choices.data : null, error: choices.ok ? null : choices.msg },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: HERE });
  const form = await request.formData();
  const submission = parseEmailChoices(form);
  if (submission.status !== "success") return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const v = submission.value;
  const r = await api(
    { request, context },
    "notificationSettingsSave",
    Object.fromEntries(NOTIFY_CATEGORIES.map((c) => [c, v[c] === "on"])) as Record<(typeof NOTIFY_CATEGORIES)[number], boolean>,
  );
  if (!r.ok) return data({ result: submission.reply({ formErrors: [r.msg] }) }, { status: 400 });
  const t = await getT(request, "notify");
  throw await redirectWithToast(request, HERE, { kind: "success", message: t("settings.saved") });
}

export default function NotificationSettingsRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("notify");
  const busy = useNavigation().state === "submitting";
  const [form] = useForm({ id: "email-choices", lastResult: actionData?.result, shouldValidate: "onSubmit" });
  return (
    <CardPage
      title={d.title}
      intro={
        <>
          {t("settings.intro")} <Link to="/notifications">{t("settings.all")}</Link>
        </>
      }
    >
      {d.error || form.errors ? <p role="alert">{d.error ?? form.errors?.[0]}</p> : null}
      {d.choices ? (
        <Form method="post" {...getFormProps(form)}>
          <fieldset className={s.choices}>
            <legend className={s.h2}>{t("settings.legend")}</legend>
            {NOTIFY_CATEGORIES.map((c) => (
              <div key={c} className={s.choice}>
                <input
                  id={`email-${c}`}
                  type="checkbox"
                  name={c}
                  className={s.box}
                  defaultChecked={d.choices![c]}
                  aria-describedby={`email-${c}-what`}
                />
                <div>
                  <label htmlFor={`email-${c}`}>
                    <strong>{t(`category.${c}`)}</strong>
                  </label>
                  <p id={`email-${c}-what`} className={s.muted}>
                    {t(`settings.what.${c}`)}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <p className={s.muted}>{t("settings.alertsNote")}</p>
          <button type="submit" className={`${button.primary} ${a.submit}`} disabled={busy}>
            {t("settings.save")}
          </button>
        </Form>
      ) : null}
    </CardPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Email notifications" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
