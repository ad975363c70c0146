import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountLogCsv, depositsCsv, transfersCsv, withdrawalsCsv } from "~/features/assets/export.server";
import { fillsCsv, ordersCsv } from "~/features/orders/export.server";
import { savingsLogCsv } from "~/features/savings/export.server";
import type { CsvFailure } from "~/lib/csv.server";
import { redirectWithToast, requireToken } from "~/lib/session.server";

type Args = Parameters<typeof ordersCsv>[0];

/** Each download: the screen it belongs to (where a visitor signs in to, and where a refusal is said), and its rows. */
const EXPORTS: Record<
  string,
  { screen: (q: URLSearchParams) => string; csv: (args: Args, q: URLSearchParams) => Promise<Response | CsvFailure> }
> = {
  orders: { screen: (q) => `/orders?view=${q.get("view") === "history" ? "history" : "open"}`, csv: ordersCsv },
  fills: { screen: () => "/orders?view=fills", csv: fillsCsv },
  "account-log": {
    screen: (q) => `/assets/dealRecords?types=${encodeURIComponent(q.get("types") ?? "change_account")}`,
    csv: accountLogCsv,
  },
  deposits: { screen: () => "/assets/deposit", csv: (args) => depositsCsv(args) },
  withdrawals: { screen: () => "/assets/withdraw", csv: (args) => withdrawalsCsv(args) },
  transfers: { screen: () => "/assets/transferLog", csv: transfersCsv },
  savings: { screen: () => "/coinlog", csv: (args) => savingsLogCsv(args) },
};

/**
 * GET /resources/export/<kind>?<the screen's filters>: a CSV download of one of my records lists (orders, fills, the
 * account log, deposits, withdrawals, transfers, the savings log), streamed from the exchange a page at a time
 * (lib/csv.server). Signed out: to the sign-in, then back to the screen. A refused first page: back to the screen,
 * which says why.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const kind = params.kind ?? "";
  const found = Object.hasOwn(EXPORTS, kind) ? EXPORTS[kind] : undefined;
  if (!found) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const q = new URL(request.url).searchParams;
  await requireToken(request, { returnTo: found.screen(q) });
  const r = await found.csv({ request, context }, q);
  if (r instanceof Response) return r;
  throw await redirectWithToast(request, found.screen(q), { kind: "error", message: r.msg });
}
