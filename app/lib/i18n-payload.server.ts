import { createHash } from "node:crypto";
import { CLIENT_NAMESPACES, type Lang } from "~/i18n";
import { resources } from "~/lib/locales.server";

type Built = { source: unknown; all: string; version: string; pages: Map<string, string> };
const cache = new Map<Lang, Built>();

function built(lang: Lang): Built {
  const all = resources();
  const hit = cache.get(lang);
  if (hit && hit.source === all) return hit;
  const clientResources = Object.fromEntries(CLIENT_NAMESPACES.map((ns) => [ns, all[lang][ns] ?? {}]));
  const json = JSON.stringify(clientResources);
  const b = {
    source: all,
    all: json,
    version: createHash("sha256").update(json).digest("hex").slice(0, 12),
    pages: new Map<string, string>(),
  };
  cache.set(lang, b);
  return b;
}

/**
 * The client strings a page carries, as script-safe JSON: only the namespaces its server render used (issue 14:
 * /trade carried 37 KB of every screen's strings), with the version of the language's whole set, which the
 * browser loads from /resources/strings when it needs more. Built once per language and set of namespaces.
 */
export function i18nPayload(lang: Lang, used: Iterable<string> = CLIENT_NAMESPACES): string {
  const b = built(lang);
  const namespaces = [...new Set(["common", ...used])].filter((ns) => (CLIENT_NAMESPACES as readonly string[]).includes(ns)).sort();
  const key = namespaces.join(",");
  const hit = b.pages.get(key);
  if (hit) return hit;
  const all = resources()[lang];
  const payload = { lang, v: b.version, resources: Object.fromEntries(namespaces.map((ns) => [ns, all[ns] ?? {}])) };
  const json = JSON.stringify(payload).replace(/</g, "\\u003c");
  b.pages.set(key, json);
  return json;
}

/** Every client namespace of a language (for /resources/strings) and that set's version. */
export function allClientStrings(lang: Lang): { json: string; version: string } {
  const b = built(lang);
  return { json: b.all, version: b.version };
}
