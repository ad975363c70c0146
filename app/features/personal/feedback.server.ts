import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { api, loaded } from "~/lib/api.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { constraintOf, kycT, parseForm, refusalReply } from "./forms.server";

const FEEDBACK_PATH = "/personal/feedback";
const PER_PAGE = 10;
/** The exchange's refusals, by the field they concern (it names the field too; these cover a refusal that does not). */
const FIELD_MESSAGES = {
  type: ["feedback_type_required"],
  title: ["feedback_title_required"],
  content: ["feedback_content_required", "feedback_content_short"],
};

/** /personal/feedback's page: the form's constraints and my feedback, a page at a time. */
export async function feedbackPage({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: FEEDBACK_PATH });
  const page = Math.max(1, Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1));
  const [t, list] = await Promise.all([kycT(request), api({ request, context }, "feedbackList", { page, limit: PER_PAGE }).then(loaded)]);
  return data(
    {
      title: t("feedback.title"),
      constraint: constraintOf("feedback"),
      rows: list.ok
        ? list.data.data.map((f) => ({ ...f, time: `${new Date(f.created_at).toISOString().slice(0, 16).replace("T", " ")} UTC` }))
        : [],
      total: list.ok ? list.data.total : 0,
      page,
      perPage: PER_PAGE,
      error: list.ok ? null : list.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Sends the feedback; a refusal comes back on its field with the input kept, a success returns with a toast. */
export async function sendFeedback({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: FEEDBACK_PATH });
  const formData = await request.formData();
  const t = await kycT(request);
  const submission = parseForm("feedback", formData, t);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const r = await api({ request, context }, "feedbackSubmit", submission.value);
  if (!r.ok) return data({ result: refusalReply(submission, r, FIELD_MESSAGES) }, { status: 400 });
  throw await redirectWithToast(request, FEEDBACK_PATH, { kind: "success", message: t("feedback.sent") });
}
