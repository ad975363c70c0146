import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { PAY_METHOD_CODES, type PayMethodCode } from "~/contract/core/personal";
import { api } from "~/lib/api.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { uploadImage, uploadUrl } from "~/lib/uploads.server";
import { constraintOf, kycT, parseForm, refusalReply } from "./forms.server";

const COLLECTION_PATH = "/personal/collectionSettings";
/** The form's fields a refusal may name: the QR code's is its file input. */
const FIELD_MESSAGES = {
  wallet: { real_name: [], account: [], qrcode_file: [] },
  bank: { real_name: [], bank_name: [], bank_address: [], card_no: [] },
};

export function pickCode(v: unknown): PayMethodCode {
  return (PAY_METHOD_CODES as readonly unknown[]).includes(v) ? (v as PayMethodCode) : "alipay";
}
const formOf = (code: PayMethodCode) => (code === "bank" ? "bankMethod" : "walletMethod");

/** /personal/collectionSettings: how this user is paid in fiat trades, one method at a time (Alipay, WeChat Pay, bank card). */
export async function collectionPage({ request, context }: LoaderFunctionArgs) {
  await requireToken(request, { returnTo: COLLECTION_PATH });
  const args = { request, context };
  const code = pickCode(new URL(request.url).searchParams.get("type"));
  const [t, types] = await Promise.all([kycT(request), api(args, "payMethodTypes", {})]);
  const list = types.ok ? types.data : [];
  const type = list.find((x) => x.code === code);
  const saved = type ? await api(args, "payMethodByType", { type: type.id }) : null;
  return data(
    {
      title: t("collection.title"),
      types: list,
      code,
      typeId: type?.id ?? 0,
      saved: saved?.ok && saved.data ? saved.data.raw_data : null,
      constraint: constraintOf(formOf(code)),
      error: types.ok ? (saved && !saved.ok ? saved.msg : null) : types.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Saves a method. A new QR code replaces the saved one; without one, the saved (or just uploaded) image stays, and
 * comes back as `qrcode` so a refused form does not ask for it again. A refusal lands on its field, the input kept.
 */
export async function saveCollection({ request, context }: ActionFunctionArgs) {
  await requireToken(request, { returnTo: COLLECTION_PATH });
  const args = { request, context };
  const formData = await request.formData();
  const t = await kycT(request);
  const code = pickCode(formData.get("code"));
  const wallet = code !== "bank";
  const submission = parseForm(formOf(code), formData, t);
  // A chosen image goes up first, even when another field is refused: it is then kept and not asked for again.
  let qrcode = wallet ? uploadUrl(formData.get("qrcode")) : "";
  const fieldErrors: Record<string, string[]> = {};
  if (wallet) {
    const upload = await uploadImage(args, formData.get("qrcode_file"), t("errors.imageTooLarge"));
    if (upload.kind === "error") fieldErrors.qrcode_file = [upload.message];
    if (upload.kind === "ok") qrcode = upload.url;
  }
  if (submission.status !== "success" || fieldErrors.qrcode_file)
    return data({ result: submission.reply({ fieldErrors }), qrcode }, { status: 400 });
  const { qrcode_file: _file, qrcode: _kept, ...fields } = submission.value as Record<string, unknown>;
  const rawData = wallet ? { ...fields, qrcode } : fields;
  const r = await api(args, "payMethodSave", { type: Number(formData.get("type")), raw_data: JSON.stringify(rawData) });
  if (!r.ok) {
    const field = r.reason?.field === "qrcode" ? "qrcode_file" : r.reason?.field;
    const refusal = { msg: r.msg, reason: r.reason && { ...r.reason, field } };
    return data(
      { result: refusalReply(submission, refusal, wallet ? FIELD_MESSAGES.wallet : FIELD_MESSAGES.bank), qrcode },
      { status: 400 },
    );
  }
  throw await redirectWithToast(request, `${COLLECTION_PATH}?type=${code}`, { kind: "success", message: t("collection.saved") });
}
