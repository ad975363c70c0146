import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FiatNav } from "~/features/fiat/fiat-nav";
import * as s from "~/features/fiat/fiat.css";
import { fiatT, listQuery, orderRow } from "~/features/fiat/fiat.server";
import { OrdersList } from "~/features/fiat/orders-list";
import { requireShop } from "~/features/fiat/shop.server";
import { api, loaded } from "~/lib/api.server";

/** /myshop/shoporders: the orders on my shop's ads, in progress or finished (docs/product.md, "/myshop"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const args = { request, context };
  await requireShop(args, "/myshop/shoporders");
  const q = listQuery(url);
  const [r, t] = await Promise.all([api(args, "shopOrders", q).then(loaded), fiatT(request)]);
  return data(
    {
      title: t("shop.ordersTitle"),
      ...q,
      rows: r.ok ? r.data.data.map(orderRow) : [],
      total: r.ok ? r.data.total : 0,
      perPage: r.ok ? r.data.per_page : 10,
      error: r.ok ? null : r.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function ShopOrdersRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <main className={s.page}>
      <h1 className={s.h1}>{d.title}</h1>
      <FiatNav current="shoporders" seller />
      {d.error ? <p role="alert">{d.error}</p> : null}
      <OrdersList rows={d.rows} total={d.total} page={d.page} perPage={d.perPage} filter={d.filter} detail="/myshop/shoporderdetail" />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Shop orders" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/myshop", labelKey: "nav.myshop" }} />;
}
