import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { api, loaded } from "~/lib/api.server";
import { deviceName } from "~/contract/core/device";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { kycT } from "./forms.server";

const SESSIONS_PATH = "/personal/sessions";
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** /personal/sessions: my signed-in devices, named as a person recognises them. */
export async function sessionsPage({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: SESSIONS_PATH });
  const [t, list] = await Promise.all([kycT(request), api({ request, context }, "sessions", {}).then(loaded)]);
  return data(
    {
      title: t("sessions.title"),
      sessions: list.ok
        ? list.data.map((x) => ({
            id: x.id,
            device: deviceName(x.device),
            ip: x.ip,
            since: utc(x.created_at),
            seen: utc(x.last_seen_at),
            current: x.current,
          }))
        : [],
      error: list.ok ? null : list.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Signs one other device out, or every other one (`all`). These forms are a button each, with nothing typed: the
 * answer is always the page again with a toast, the exchange's refusal included.
 */
export async function revokeSessions({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: SESSIONS_PATH });
  const form = await request.formData();
  const all = form.get("all") === "1";
  const id = Number.parseInt(String(form.get("id") ?? ""), 10);
  const r = await api(
    { request, context },
    "sessionRevoke",
    all ? { all: true } : { id: Number.isInteger(id) && id > 0 ? id : undefined, all: false },
  );
  const t = await kycT(request);
  throw await redirectWithToast(
    request,
    SESSIONS_PATH,
    r.ok ? { kind: "success", message: t("sessions.signedOut", { count: r.data.signed_out }) } : { kind: "error", message: r.msg },
  );
}
