import type { LoaderFunctionArgs } from "@remix-run/node";
import { serviceLink } from "~/components/footer";
import { appDownloadLinks } from "~/features/home/app-links";
import { api, getSession, linkUser, qrSvg, qrVersion } from "~/lib/root.server";

/**
 * GET /resources/qr/<code>?v=<version>: a QR code as an SVG image. `service`: the footer's code of the online-service
 * link (signed in, the link names the user); `android`, `ios`: the home page's app download codes. Drawn here rather
 * than into every page: a page carries a 100-byte <img> instead of a 1.6-2 KB drawing (twice: in its markup and in
 * its loader data), and a signed-in service link is drawn about once an hour per browser instead of once per page
 * (the drawings kept in memory are few, so with many users at once every signed-in page drew its code again, 0.8 ms
 * each).
 *
 * `v` is the link's version (`qrImageUrl`): a URL names one drawing, so the browser may keep it for an hour
 * (privately when the link names a user); a link that changes (the operator's setting, another user signed in)
 * changes the URL. A `v` that is not this visitor's link is answered with their drawing, never kept.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const args = { request, context };
  let link = "";
  let size = 96;
  let personal = false;
  if (params.code === "service") {
    const session = await getSession(request);
    const token = session.get("token");
    const [service, info] = await Promise.all([
      api(args, "setting", { key: "service_url" }),
      token ? api(args, "userInfo", {}, { token }) : null,
    ]);
    const serviceUrl = service.ok && service.data ? String(service.data) : "";
    const user = linkUser(session, info);
    link = serviceUrl ? serviceLink(serviceUrl, user) : "";
    personal = user !== null;
  } else if (params.code === "android" || params.code === "ios") {
    const setting = await api(args, "setting", { key: "app_download_url" });
    link = appDownloadLinks(setting.ok ? setting.data : null).find((l) => l.platform === params.code)?.url ?? "";
    size = 160;
  }
  if (!link) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  const current = new URL(request.url).searchParams.get("v") === qrVersion(link);
  return new Response(await qrSvg(link, size), {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": !current ? "private, no-store" : personal ? "private, max-age=3600" : "public, max-age=3600",
    },
  });
}
