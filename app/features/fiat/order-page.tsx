import { useActionData, useLoaderData } from "@remix-run/react";
import type { orderLoader, orderPageAction } from "./order-page.server";
import { FiatNav, type FiatPage } from "./fiat-nav";
import * as s from "./fiat.css";
import type { FiatActionData } from "./fiat.server";
import { OrderView } from "./order-view";

/** The body of an order's page (/legalIndex/orderdetail, /myshop/shoporderdetail): its title, the fiat pages, the order. */
export function OrderPage({ nav }: { nav: FiatPage | null }) {
  const d = useLoaderData<typeof orderLoader>();
  const actionData = useActionData<typeof orderPageAction>() as FiatActionData | undefined;
  return (
    <main className={s.page}>
      <h1 className={s.h1}>{d.title}</h1>
      <FiatNav current={nav} seller={d.seller} />
      <OrderView order={d.order} messages={d.messages} constraints={d.constraints} actionData={actionData} />
    </main>
  );
}
