import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getSession, requireToken } from "~/lib/session.server";
import { fiatT, loadOrder, orderAction } from "./fiat.server";
import { constraintOf } from "./forms.server";

// The order page's loader and action, shared by /legalIndex/orderdetail and the merchant's /myshop/shoporderdetail
// (the same order, the same rules: the exchange answers by who is asking). The routes call them from their own
// loader and action, so this module stays out of the browser's bundle.

export async function orderLoader({ request, context }: LoaderFunctionArgs, path: string) {
  const url = new URL(request.url);
  await requireToken(request, { returnTo: path + url.search });
  const [found, t, session] = await Promise.all([loadOrder({ request, context }, url), fiatT(request), getSession(request)]);
  if (!found) throw new Response(t("order.notFound"), { status: 404 });
  return data(
    {
      title: t("order.title", { no: found.order.order_no }),
      ...found,
      seller: session.get("is_seller") === true,
      constraints: {
        voucher: constraintOf("voucher"),
        confirm: constraintOf("confirm"),
        reason: constraintOf("reason"),
        message: constraintOf("message"),
      },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function orderPageAction({ request, context }: ActionFunctionArgs, path: string) {
  await requireToken(request, { returnTo: path });
  return orderAction({ request, context }, await request.formData(), path);
}
