import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/lib/api.server";
import { getLang } from "~/lib/i18next.server";
import { formatAmount } from "~/lib/money";
import { safeRedirect } from "~/lib/safe-redirect";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { uploadImage, uploadUrl } from "~/lib/uploads.server";
import { constraintOf, kycT, parseForm, refusalReply } from "./forms.server";
import { ID_PICS, type IdPic } from "./constants";

const IDENTITY_PATH = "/personal/authentication";
/** The form's fields a refusal may name: an image's is its file input. */
const FIELD_MESSAGES = { name: [], card_id: [], front_pic_file: [], reverse_pic_file: [], hand_pic_file: [] };
type Pics = Record<IdPic, string>;

/** /personal/authentication: the identity form, then 'under review', then 'verified' (docs/product.md, "Identity"). */
export async function identityPage({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  await requireToken(request, { returnTo: url.pathname + url.search });
  const [t, lang, center] = await Promise.all([kycT(request), getLang(request), api({ request, context }, "realNameCenter", {})]);
  return data(
    {
      title: t("identity.title"),
      // Where the person came from (a refusal that sent them here): the submission returns there.
      page: safeRedirect(url.searchParams.get("page"), ""),
      constraint: constraintOf("identity"),
      center: center.ok
        ? {
            ...center.data,
            limitNow: formatAmount(center.data.draw_limit_usd, { lang, dp: 0 }),
            limitVerified: formatAmount(center.data.draw_limit_verified_usd, { lang, dp: 0 }),
          }
        : null,
      error: center.ok ? null : center.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Submits the identity for review. Each chosen image goes up first, even when another field is refused; one uploaded
 * on an earlier try stays (its URL comes back as `pics` and in a hidden field), so it is not asked for again.
 */
export async function submitIdentity({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: IDENTITY_PATH });
  const args = { request, context };
  const formData = await request.formData();
  const t = await kycT(request);
  const submission = parseForm("identity", formData, t);
  const pics = Object.fromEntries(ID_PICS.map((pic) => [pic, uploadUrl(formData.get(pic))])) as Pics;
  const fieldErrors: Record<string, string[]> = {};
  for (const pic of ID_PICS) {
    const upload = await uploadImage(args, formData.get(`${pic}_file`), t("errors.imageTooLarge"));
    if (upload.kind === "ok") pics[pic] = upload.url;
    if (upload.kind === "error") fieldErrors[`${pic}_file`] = [upload.message];
  }
  if (submission.status !== "success" || Object.keys(fieldErrors).length)
    return data({ result: submission.reply({ fieldErrors }), pics }, { status: 400 });
  const { name, card_id } = submission.value;
  const r = await api(args, "realName", { name, card_id, ...pics });
  if (!r.ok) {
    const field = r.reason?.field;
    const refusal = {
      msg: r.msg,
      reason: r.reason && { ...r.reason, field: (ID_PICS as readonly unknown[]).includes(field) ? `${field}_file` : field },
    };
    return data({ result: refusalReply(submission, refusal, FIELD_MESSAGES), pics }, { status: 400 });
  }
  throw await redirectWithToast(request, safeRedirect(formData.get("page"), IDENTITY_PATH), {
    kind: "success",
    message: t("identity.submitted"),
  });
}
