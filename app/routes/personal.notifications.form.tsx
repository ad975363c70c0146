import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { NOTIFY_CATEGORIES } from "~/contract/core/notifications";
import * as a from "~/features/auth/auth.css";
import * as s from "~/features/notify/notify.css";
import { useTranslation } from "~/lib/translate";
import { button } from "~/styles/ui.css";
import type { action, loader } from "./personal.notifications";

/** The form of the personal.notifications screen, hydrated after the rest of it (app/lib/hydrate-later.tsx). */
export function NotificationSettingsScreen() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("notify");
  const busy = useNavigation().state === "submitting";
  const [form] = useForm({ id: "email-choices", lastResult: actionData?.result, shouldValidate: "onSubmit" });
  return (
    <main className={a.page}>
      <div className={a.card}>
        <h1 className={a.title}>{d.title}</h1>
        <p className={a.intro}>
          {t("settings.intro")} <Link to="/notifications">{t("settings.all")}</Link>
        </p>
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
      </div>
    </main>
  );
}
