import { data } from "@remix-run/node";
import { api, type ApiArgs } from "~/lib/api.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";
import { fiatT, refused, type FiatActionData } from "./fiat.server";

/** The shop pages are a merchant's (`is_seller`); anyone else goes back to the ads with the exchange's word. */
export async function requireShop(args: ApiArgs, path: string) {
  await requireToken(args.request, { returnTo: path });
  const info = await api(args, "shopInfo", {});
  if (!info.ok) throw await redirectWithToast(args.request, "/legalIndex/legal", { kind: "error", message: info.msg });
  return info.data;
}

const PUBLISH_FIELDS = ["side", "currency_id", "fiat", "price", "total", "min_quantity", "max_quantity", "pay_types"] as const;

/** /myshop/myshoporders: publish an ad, or open, pause or take one off the shelf. */
export async function shopAction(args: ApiArgs, form: FormData) {
  const t = await fiatT(args.request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "status") {
    const r = await api(args, "shopAdStatus", { id: Number(form.get("id")) || 0, status: Number(form.get("status")) || 0 });
    if (!r.ok) return data<FiatActionData>({ intent, fieldErrors: {}, formError: r.msg, values: {} }, { status: 400 });
    throw await redirectWithToast(args.request, "/myshop/myshoporders", {
      kind: "success",
      message: t(`shop.statusDone.${r.data.status}`),
    });
  }
  const values: Record<string, string> = {};
  for (const f of PUBLISH_FIELDS)
    values[f] =
      f === "pay_types"
        ? form.getAll(f).map(String).join(",").slice(0, 64)
        : String(form.get(f) ?? "")
            .trim()
            .slice(0, 40);
  const r = await api(args, "shopAdPublish", {
    side: values.side as "sell",
    currency_id: Number(values.currency_id) || 0,
    fiat: values.fiat as "CNY",
    price: values.price,
    total: values.total,
    min_quantity: values.min_quantity,
    max_quantity: values.max_quantity,
    pay_types: values.pay_types as never,
    idempotency_key: String(form.get("idempotency_key") ?? "").slice(0, 64) || undefined,
  });
  if (!r.ok)
    return refused("publish", r, { ...Object.fromEntries(PUBLISH_FIELDS.map((f) => [f, []])), total: ["p2p_total_insufficient"] }, values);
  throw await redirectWithToast(args.request, "/myshop/myshoporders", { kind: "success", message: t("shop.published") });
}
