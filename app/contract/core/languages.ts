/** The 11 languages the site offers, by the codes the exchange's `lang` header uses. */
export const LANGUAGES = ["en", "hk", "jp", "zh", "th", "kr", "de", "fr", "it", "es", "pl"] as const;
export type Lang = (typeof LANGUAGES)[number];
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

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
