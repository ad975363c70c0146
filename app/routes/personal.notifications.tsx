import { type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NOTIFY_CATEGORIES } from "~/contract/core/notifications";
import { parseEmailChoices } from "~/features/notify/forms.server";
import { api, loaded } from "~/lib/api.server";
import { getT } from "~/lib/i18next.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { hydrateLater } from "~/lib/hydrate-later";

/** The form hydrates after the rest of the screen: conform and the form's fields are not in its first load. */
const NotificationSettingsScreen = hydrateLater(() => import("./personal.notifications.form").then((m) => m.NotificationSettingsScreen));

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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Email notifications" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}

export default function NotificationSettingsRoute() {
  return <NotificationSettingsScreen />;
}
