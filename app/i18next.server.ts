import { preferenceCookie, readCookie } from "~/lib/cookies";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANG, i18nConfig, isLang, langFromTag, LANGUAGES, type Lang } from "~/i18n";
import { resources } from "~/lib/locales.server";

/** Plain cookie, so the server renders the chosen language before any script runs. */
export function langCookie(lang: Lang): string {
  return preferenceCookie("lang", lang);
}

export async function getLang(request: Request): Promise<Lang> {
  const fromCookie = readCookie(request.headers.get("Cookie"), "lang");
  if (isLang(fromCookie)) return fromCookie;
  const header = request.headers.get("Accept-Language") ?? "";
  for (const part of header.split(",")) {
    const lang = langFromTag(part.split(";")[0]);
    if (lang) return lang;
  }
  return DEFAULT_LANG;
}

export const i18next = new RemixI18Next({
  detection: { supportedLanguages: [...LANGUAGES], fallbackLanguage: DEFAULT_LANG, findLocale: getLang },
  i18next: { ...i18nConfig, get resources() { return resources(); } },
});

/** A translator for server-side messages (action errors, flash toasts, meta). */
export async function getT(request: Request, ns: string = "common") {
  return i18next.getFixedT(request, ns);
}
