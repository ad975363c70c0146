import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireToken } from "~/lib/session.server";

/** /personal opens the account settings, the first page of its menu. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  throw redirect("/personal/accountSettings");
}
