import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderPage } from "~/features/fiat/order-page";
import { orderLoader, orderPageAction } from "~/features/fiat/order-page.server";

/** /myshop/shoporderdetail?id=: an order on one of my shop's ads, from the shop's side (docs/product.md, "Fiat order page"). */
export const loader = (args: LoaderFunctionArgs) => orderLoader(args, "/myshop/shoporderdetail");
export const action = (args: ActionFunctionArgs) => orderPageAction(args, "/myshop/shoporderdetail");

export default function ShopOrderDetailRoute() {
  return <OrderPage nav="shoporders" />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Order" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/myshop/shoporders", labelKey: "nav.myshop" }} />;
}
