import { CLIENT_NAMESPACES, type Lang } from "~/i18n";
import { resources } from "~/lib/locales.server";

const cache = new Map<Lang, { source: unknown; json: string }>();

/** The client strings of one language as script-safe JSON, built once per language (and per reload of the files in development). */
export function i18nPayload(lang: Lang): string {
  const all = resources();
  const hit = cache.get(lang);
  if (hit && hit.source === all) return hit.json;
  const clientResources = Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, all[lang][ns] ?? {}]));
  const json = JSON.stringify({ lang, resources: clientResources }).replace(/</g, "\\u003c");
  cache.set(lang, { source: all, json });
  return json;
}
