import { type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NOTIFY_PAGE_SIZE, notificationLink } from "~/contract/core/notifications";
import { ALERT_FIELDS, parseAlert } from "~/features/notify/forms.server";
import { api, loaded } from "~/lib/api.server";
import { getT } from "~/lib/i18next.server";
import { parsePage } from "~/lib/pager";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { formatTime } from "~/lib/time";
import { hydrateLater } from "~/lib/hydrate-later";

/** The form hydrates after the rest of the screen: conform and the form's fields are not in its first load. */
const NotificationsScreen = hydrateLater(() => import("./notifications.form").then((m) => m.NotificationsScreen));

const HERE = "/notifications";

/**
 * /notifications: what happened to my account, newest first (all, or only the unread), paged; mark one or all read;
 * my price alerts, with a form to set one and a button to delete each. Kept 90 days (docs/product.md, "Notifications and price alerts").
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: HERE });
  const url = new URL(request.url);
  const page = parsePage(url.searchParams.get("page"));
  const unreadOnly = url.searchParams.get("show") === "unread";
  const args = { request, context };
  const [t, list, alerts, markets] = await Promise.all([
    getT(request, "notify"),
    api(args, "notificationList", { page, limit: NOTIFY_PAGE_SIZE, unread: unreadOnly }).then(loaded),
    api(args, "priceAlertList", {}).then(loaded),
    api(args, "currencyMatches", {}).then(loaded),
  ]);
  const pairs = markets.ok
    ? markets.data.flatMap((g) => g.matches.filter((m) => m.open_change === 1).map((m) => ({ id: m.id, symbol: m.symbol })))
    : [];
  const wanted = Number(url.searchParams.get("pair"));
  return data(
    {
      title: t("title"),
      unreadOnly,
      page,
      total: list.ok ? list.data.total : 0,
      unread: list.ok ? list.data.unread : 0,
      rows: list.ok
        ? list.data.data.map((n) => ({
            id: n.id,
            category: n.category,
            text: n.text,
            read: n.read,
            time: formatTime(n.created_at),
            link: notificationLink(n.kind, n.params),
          }))
        : [],
      alerts: alerts.ok
        ? alerts.data.data.map((a) => ({
            id: a.id,
            symbol: a.symbol,
            direction: a.direction,
            price: a.price,
            email: a.email,
            fired: a.status === "fired",
            firedPrice: a.fired_price,
            firedAt: a.fired_at ? formatTime(a.fired_at) : "",
          }))
        : [],
      activeAlerts: alerts.ok ? alerts.data.active : 0,
      pairs,
      pairId: pairs.some((p) => p.id === wanted) ? wanted : undefined,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: HERE });
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const t = await getT(request, "notify");
  const args = { request, context };
  const back = (message: string, ok: boolean, to = HERE) => redirectWithToast(request, to, { kind: ok ? "success" : "error", message });
  if (intent === "alert") {
    const submission = parseAlert(form, t);
    if (submission.status !== "success") return data<ActionData>({ result: submission.reply() }, { status: 400 });
    const v = submission.value;
    const r = await api(args, "priceAlertAdd", {
      currency_match_id: v.currency_match_id,
      direction: v.direction,
      price: v.price,
      email: v.email === "on",
    });
    if (!r.ok) {
      // The refusal on the field it names, the input as typed (this page shows it even when the form was elsewhere).
      const field = r.reason?.field as (typeof ALERT_FIELDS)[number] | undefined;
      const result =
        field && ALERT_FIELDS.includes(field)
          ? submission.reply({ fieldErrors: { [field]: [r.msg] } })
          : submission.reply({ formErrors: [r.msg] });
      return data<ActionData>({ result }, { status: 400 });
    }
    throw await back(t("alert.added", { symbol: r.data.symbol }), true, safeRedirect(v.redirectTo, HERE));
  }
  const id = Number.parseInt(String(form.get("id") ?? ""), 10);
  if (intent === "read" || intent === "readAll") {
    const r = await api(args, "notificationRead", intent === "readAll" ? { all: true } : { id: id > 0 ? id : undefined, all: false });
    const to = safeRedirect(form.get("redirectTo"), HERE);
    if (!r.ok) throw await back(r.msg, false, to);
    throw await back(intent === "readAll" ? t("readAllDone") : t("readDone"), true, to);
  }
  if (intent === "deleteAlert") {
    const r = await api(args, "priceAlertDelete", { id: id > 0 ? id : 0 });
    throw await back(r.ok ? t("alerts.deleted") : r.msg, r.ok);
  }
  throw await back(t("unknownAction"), false);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Notifications" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export default function NotificationsRoute() {
  return <NotificationsScreen />;
}
