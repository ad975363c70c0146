import { api, type ApiArgs } from "~/lib/api.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { refusedWith } from "./fiat.server";
import { fiatFormT, parseForm, refusalReply, replyWith } from "./forms.server";

/** The shop pages are a merchant's (`is_seller`); anyone else goes back to the ads with the exchange's word. */
export async function requireShop(args: ApiArgs, path: string) {
  await requireToken(args.request, { returnTo: path });
  const info = await api(args, "shopInfo", {});
  if (!info.ok) throw await redirectWithToast(args.request, "/legalIndex/legal", { kind: "error", message: info.msg });
  return info.data;
}

const PUBLISH_FIELDS = ["side", "currency_id", "fiat", "price", "total", "min_quantity", "max_quantity", "pay_types"] as const;
/** The exchange's refusals, by the field they concern (it names the field too; these cover a refusal that does not). */
const PUBLISH_REFUSALS = { ...Object.fromEntries(PUBLISH_FIELDS.map((f) => [f, [] as string[]])), total: ["p2p_total_insufficient"] };

/** /myshop/myshoporders: publish an ad, or open, pause or take one off the shelf. */
export async function shopAction(args: ApiArgs, form: FormData) {
  const t = await fiatFormT(args.request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "status") {
    const r = await api(args, "shopAdStatus", { id: Number(form.get("id")) || 0, status: Number(form.get("status")) || 0 });
    if (!r.ok) return refusedWith({ intent, result: replyWith(form, { formErrors: [r.msg] }) });
    throw await redirectWithToast(args.request, "/myshop/myshoporders", {
      kind: "success",
      message: t(`shop.statusDone.${r.data.status}`),
    });
  }
  const submission = parseForm("publish", form, t);
  if (submission.status !== "success") return refusedWith({ intent: "publish", result: submission.reply() });
  const v = submission.value;
  const r = await api(args, "shopAdPublish", {
    side: (v.side ?? "") as "sell",
    currency_id: Number(v.currency_id) || 0,
    fiat: (v.fiat ?? "") as "CNY",
    price: v.price,
    total: v.total,
    min_quantity: v.min_quantity,
    max_quantity: v.max_quantity,
    pay_types: v.pay_types.join(",") as never,
    idempotency_key: String(form.get("idempotency_key") ?? "").slice(0, 64) || undefined,
  });
  if (!r.ok) return refusedWith({ intent: "publish", result: refusalReply(submission, r, PUBLISH_REFUSALS) });
  throw await redirectWithToast(args.request, "/myshop/myshoporders", { kind: "success", message: t("shop.published") });
}
