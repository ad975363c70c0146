/** The 11 languages the site offers, by the codes the exchange's `lang` header uses. */
export const LANGUAGES = ["en", "hk", "jp", "zh", "th", "kr", "de", "fr", "it", "es", "pl"] as const;
export type Lang = (typeof LANGUAGES)[number];
/** The header's selector offers every language, as the footer does (docs/product.md, "Languages, numbers and theme"). */
export const HEADER_LANGUAGES: readonly Lang[] = LANGUAGES;
export const DEFAULT_LANG: Lang = "en";

/** BCP-47 tags for <html lang> and Intl. */
export const BCP47: Record<Lang, string> = {
  en: "en",
  hk: "zh-Hant-HK",
  jp: "ja",
  zh: "zh-Hans",
  th: "th",
  kr: "ko",
  de: "de",
  fr: "fr",
  it: "it",
  es: "es",
  pl: "pl",
};

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

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

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
