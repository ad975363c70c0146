import { preferenceCookie, readCookie } from "~/lib/cookies";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
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
  i18next: {
    ...i18nConfig,
    get resources() {
      return resources();
    },
  },
});

/**
 * One initialized i18next for the process. remix-i18next's getFixedT builds and initializes a new
 * instance on every call, which cost a request to /trade several milliseconds of CPU; a fixed `t`
 * per language and namespace is built once here (again when development reloads the files).
 */
let shared: { source: unknown; instance: I18n; fixed: Map<string, TFunction> } | undefined;
function fixedT(lang: Lang, ns: string): TFunction {
  const all = resources();
  if (!shared || shared.source !== all) {
    const instance = createInstance();
    void instance.init({ ...i18nConfig, resources: all, initImmediate: false });
    shared = { source: all, instance, fixed: new Map() };
  }
  const key = `${lang}|${ns}`;
  let t = shared.fixed.get(key);
  if (!t) {
    t = shared.instance.getFixedT(lang, ns);
    shared.fixed.set(key, t);
  }
  return t;
}

/** A translator for server-side messages (action errors, flash toasts, meta). */
export async function getT(request: Request, ns: string = "common") {
  return fixedT(await getLang(request), ns);
}
