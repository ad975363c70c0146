import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { OrderPage } from "~/features/fiat/order-page";
import { orderLoader, orderPageAction } from "~/features/fiat/order-page.server";

/** /legalIndex/orderdetail?id=: one of my fiat orders, as buyer or seller (docs/product.md, "Fiat order page"). */
export const loader = (args: LoaderFunctionArgs) => orderLoader(args, "/legalIndex/orderdetail");
export const action = (args: ActionFunctionArgs) => orderPageAction(args, "/legalIndex/orderdetail");

export default function OrderDetailRoute() {
  return <OrderPage nav={null} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Order" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/legalIndex/orders", labelKey: "nav.fiat" }} />;
}
