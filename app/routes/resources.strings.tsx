import type { LoaderFunctionArgs } from "@remix-run/node";
import { isLang } from "~/i18n";
import { allClientStrings } from "~/lib/i18n-payload.server";

/**
 * GET /resources/strings?lang=<lang>&v=<version>: every client namespace of a language. A page carries only the
 * strings its render used (lib/i18n-payload.server); the browser loads the rest from here once, after hydration,
 * and keeps it for good: the version changes whenever the strings do.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams;
  const lang = q.get("lang");
  if (!isLang(lang)) return new Response("Bad Request: lang", { status: 400, headers: { "Content-Type": "text/plain" } });
  const { json, version } = allClientStrings(lang);
  const cache = q.get("v") === version ? "public, max-age=31536000, immutable" : "public, max-age=60";
  return new Response(json, { headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": cache } });
}
