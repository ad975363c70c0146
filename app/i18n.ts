import { BCP47, DEFAULT_LANG, isLang, LANGUAGES, type Lang } from "./contract/core/languages";

export { BCP47, DEFAULT_LANG, isLang, LANGUAGES, type Lang };
/** The header's selector offers every language, as the footer does (docs/product.md, "Languages, numbers and theme"). */
export const HEADER_LANGUAGES: readonly Lang[] = LANGUAGES;

/** Each language named in itself, as a selector shows it. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  en: "English",
  hk: "繁體中文",
  jp: "日本語",
  zh: "简体中文",
  th: "ไทย",
  kr: "한국어",
  de: "Deutsch",
  fr: "Français",
  it: "Italiano",
  es: "Español",
  pl: "Polski",
};

/** Namespaces the browser needs; `exchange` is only for the exchange's own messages. */
export const CLIENT_NAMESPACES = [
  "common",
  "home",
  "markets",
  "notice",
  "auth",
  "trade",
  "assets",
  "savings",
  "convert",
  "kyc",
  "lever",
  "second",
  "fiat",
  "notify",
] as const;

/** Maps an Accept-Language tag to one of ours: zh-TW/zh-HK → hk, zh → zh, ja → jp, ko → kr. */
export function langFromTag(tag: string): Lang | null {
  const t = tag.trim().toLowerCase();
  if (!t) return null;
  if (/^zh-(tw|hk|mo|hant)/.test(t)) return "hk";
  const primary = t.split("-")[0];
  const map: Record<string, Lang> = { zh: "zh", ja: "jp", ko: "kr", en: "en", th: "th", de: "de", fr: "fr", it: "it", es: "es", pl: "pl" };
  return map[primary] ?? null;
}

export const i18nConfig = {
  supportedLngs: [...LANGUAGES],
  fallbackLng: DEFAULT_LANG,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};
