import type { LoaderFunctionArgs } from "@remix-run/node";
import { getToken } from "~/lib/session.server";

// nosniff comes with every answer of this server (its security headers); the rest is the image's own.
const PASSED_HEADERS = ["content-type", "content-length", "content-disposition", "content-security-policy", "cache-control"];

/**
 * An uploaded image (a payment QR code, an identity document), shown to its owner only: the exchange answers it for
 * the owner's token and 404 for anyone else, and its headers (type, nosniff, sandbox, no caching) pass through.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const name = params.name ?? "";
  const token = await getToken(request);
  if (!token || !/^[0-9a-f]{32}\.(jpg|png|webp)$/.test(name))
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const answer = await context.exchangeFetch(
    new Request(`http://exchange.internal/api/uploads/${name}`, { headers: { Authorization: token } }),
  );
  const headers = new Headers();
  for (const h of PASSED_HEADERS) {
    const v = answer.headers.get(h);
    if (v) headers.set(h, v);
  }
  if (!answer.ok) return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });
  return new Response(answer.body, { status: 200, headers });
}
