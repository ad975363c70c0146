import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/lib/api.server";
import { qrSvgOnce } from "~/lib/qr.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { constraintOf, kycT, parseForm, refusalReply } from "./forms.server";

const GOOGLE_PATH = "/personal/googleAuth";
/** The exchange's refusals of the code (it names the field too); any other refusal is the form's. */
const FIELD_MESSAGES = {
  google_code: ["google_code_required", "google_code_error", "google_code_used", "google_code_locked"],
  password: ["old_password_required", "old_password_incorrect", "old_password_locked"],
};

/**
 * /personal/googleAuth (docs/product.md, "/personal/googleAuth"): before binding, the QR code and the secret to type
 * by hand; after, whether it is on.
 */
export async function googleAuthPage({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: GOOGLE_PATH });
  const [t, g] = await Promise.all([kycT(request), api({ request, context }, "googleQrCode", {})]);
  const bound = g.ok && !g.data.secret;
  return data(
    {
      title: t("google.title"),
      constraint: constraintOf("google"),
      bound,
      on: g.ok ? g.data.switch === 1 : false,
      secret: g.ok ? g.data.secret : "",
      // On a phone the QR code cannot be scanned from its own screen: the otpauth:// address opens the authenticator app.
      uri: g.ok && g.data.qr_code_url.startsWith("otpauth://") ? g.data.qr_code_url : "",
      qr: g.ok && g.data.qr_code_url ? await qrSvgOnce(g.data.qr_code_url, 180) : "",
      error: g.ok ? null : g.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Binds the authenticator (the first code turns it on), or turns it on or off. When on, sign-in, withdrawals and
 * trade-password changes ask for a code (the exchange enforces that).
 */
export async function switchGoogle({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: GOOGLE_PATH });
  const formData = await request.formData();
  const t = await kycT(request);
  const submission = parseForm("google", formData, t);
  // The password never comes back to the page.
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const r = await api({ request, context }, "googleSwitch", submission.value);
  if (!r.ok) return data({ result: refusalReply(submission, r, FIELD_MESSAGES, ["password"]) }, { status: 400 });
  throw await redirectWithToast(request, GOOGLE_PATH, {
    kind: "success",
    message: t(submission.value.google_switch === 1 ? "google.nowOn" : "google.nowOff"),
  });
}
