import type { LoaderFunctionArgs } from "@remix-run/node";
import { serviceLink, serviceQrVersion } from "~/components/footer";
import { api, getSession, qrSvg } from "~/lib/root.server";

/**
 * GET /resources/service-qr?v=<version>: the footer's QR code of the online-service link, an SVG image. Drawn here
 * rather than into every page: the page carries a 100-byte <img> instead of a 1.6 KB drawing (twice, in its markup
 * and its loader data), and a signed-in link, which names its user, is drawn once per browser instead of once per
 * page (the drawings kept in memory are few, so with many users at once every page drew again, about 0.8 ms each).
 *
 * `v` is the link's version (`serviceQrVersion`, a hash of the link the footer shows): a URL names one drawing, so
 * the browser may keep it for a day; a link that changes (the operator's `service_url`, another user signed in)
 * changes the URL. A `v` that is not this visitor's link is answered with their drawing, never kept.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const args = { request, context };
  const session = await getSession(request);
  const token = session.get("token");
  const [service, info] = await Promise.all([
    api(args, "setting", { key: "service_url" }),
    token ? api(args, "userInfo", {}, { token }) : null,
  ]);
  const serviceUrl = service.ok && service.data ? String(service.data) : "";
  if (!serviceUrl)
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  const user = token
    ? { uid: info?.ok ? String(info.data.uid) : String(session.get("uid") ?? ""), account: session.get("account") ?? "" }
    : null;
  const link = serviceLink(serviceUrl, user);
  const current = new URL(request.url).searchParams.get("v") === serviceQrVersion(link);
  return new Response(await qrSvg(link), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": !current ? "private, no-store" : user ? "private, max-age=86400" : "public, max-age=3600",
    },
  });
}
