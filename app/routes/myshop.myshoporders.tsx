import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { fiatT, newKey } from "~/features/fiat/fiat.server";
import { constraintOf } from "~/features/fiat/forms.server";
import { requireShop, shopAction } from "~/features/fiat/shop.server";
import { api, loaded } from "~/lib/api.server";
import { parsePage } from "~/lib/pager";
import { hydrateLater } from "~/lib/hydrate-later";

/** The form hydrates after the rest of the screen: conform and the form's fields are not in its first load. */
const ShopScreen = hydrateLater(() => import("./myshop.myshoporders.form").then((m) => m.ShopScreen));

/**
 * /myshop/myshoporders (docs/product.md, "/myshop"): the shop's record and legal balances, its ads with their state
 * (open, paused, off shelf) and a form to publish a new one (max not below min, a bound withdrawal address: docs/product.md, "Fiat P2P").
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = { request, context };
  const info = await requireShop(args, "/myshop/myshoporders");
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [ads, market, t] = await Promise.all([
    api(args, "shopAds", { page }).then(loaded),
    api(args, "legalMarket", {}).then(loaded),
    fiatT(request),
  ]);
  return data(
    {
      title: t("shop.title"),
      info,
      ads: ads.ok ? ads.data : { data: [], total: 0, per_page: 10 },
      page,
      coins: market.ok ? market.data.coins : [],
      fiats: market.ok ? market.data.fiats : [],
      payTypes: market.ok ? market.data.pay_types : [],
      key: newKey(),
      constraint: constraintOf("publish"),
      error: ads.ok ? null : ads.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const args = { request, context };
  await requireShop(args, "/myshop/myshoporders");
  return shopAction(args, await request.formData());
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "My shop" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/legalIndex/legal", labelKey: "nav.fiat" }} />;
}

export default function ShopRoute() {
  return <ShopScreen />;
}
