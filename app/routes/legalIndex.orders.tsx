import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FiatNav } from "~/features/fiat/fiat-nav";
import * as s from "~/features/fiat/fiat.css";
import { fiatT, listQuery, orderRow } from "~/features/fiat/fiat.server";
import { OrdersList } from "~/features/fiat/orders-list";
import { api, loaded } from "~/lib/api.server";
import { getSession, requireToken } from "~/lib/session.server";

/** /legalIndex/orders: my fiat orders, in progress or finished, newest first (docs/product.md, "/legalIndex"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  await requireToken(request, { returnTo: "/legalIndex/orders" });
  const q = listQuery(url);
  const [r, t, session] = await Promise.all([
    api({ request, context }, "legalOrders", q).then(loaded),
    fiatT(request),
    getSession(request),
  ]);
  return data(
    {
      title: t("orders.title"),
      ...q,
      rows: r.ok ? r.data.data.map(orderRow) : [],
      total: r.ok ? r.data.total : 0,
      perPage: r.ok ? r.data.per_page : 10,
      seller: session.get("is_seller") === true,
      error: r.ok ? null : r.msg,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function OrdersRoute() {
  const d = useLoaderData<typeof loader>();
  return (
    <main className={s.page}>
      <h1 className={s.h1}>{d.title}</h1>
      <FiatNav current="orders" seller={d.seller} />
      {d.error ? <p role="alert">{d.error}</p> : null}
      <OrdersList rows={d.rows} total={d.total} page={d.page} perPage={d.perPage} filter={d.filter} detail="/legalIndex/orderdetail" />
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Orders" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/legalIndex/legal", labelKey: "nav.fiat" }} />;
}
