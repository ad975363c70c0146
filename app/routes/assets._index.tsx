import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireToken } from "~/lib/session.server";

/** /assets opens the spot (trade) account (docs/product.md, "/assets"). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  throw redirect("/assets/tradeAccount");
}
