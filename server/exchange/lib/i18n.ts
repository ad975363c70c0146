import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

import { BCP47, DEFAULT_LANG, isLang, LANGUAGES, type Lang } from "../../../app/contract/core/languages";

export { BCP47, DEFAULT_LANG, isLang, LANGUAGES, type Lang };

const LOCALES_DIR = fileURLToPath(new URL("../../../locales/", import.meta.url));
const NAMESPACE = "exchange";

type Messages = Record<string, string>;

function flatten(obj: unknown, prefix = "", out: Messages = {}): Messages {
  if (obj && typeof obj === "object") {
    for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (v && typeof v === "object") flatten(v, key, out);
      else out[key] = String(v);
    }
  }
  return out;
}

export type Translate = (key: string, vars?: Record<string, string | number>) => string;

/** The exchange's messages in every language, from `locales/<lang>/exchange.json` (i18next `{{var}}` syntax). */
export class Messenger {
  private readonly byLang = new Map<Lang, Messages>();

  constructor(dir = LOCALES_DIR) {
    for (const lang of LANGUAGES) {
      const file = join(dir, lang, `${NAMESPACE}.json`);
      this.byLang.set(lang, existsSync(file) ? flatten(JSON.parse(readFileSync(file, "utf8"))) : {});
    }
  }

  has(key: string): boolean {
    return key in (this.byLang.get(DEFAULT_LANG) ?? {});
  }

  translator(lang: Lang): Translate {
    return (key, vars) => {
      const messages = this.byLang.get(lang);
      const fallback = this.byLang.get(DEFAULT_LANG);
      // A numeric `count` picks the language's plural form (`key_one`, `key_few`, `key_many`, `key_other`), as
      // i18next does: Polish has few and many, Japanese, Chinese, Korean and Thai only other.
      const count = vars?.count;
      let template: string | undefined;
      if (typeof count === "number") {
        const form = `${key}_${pluralRules(lang).select(count)}`;
        template = messages?.[form] ?? messages?.[`${key}_other`] ?? fallback?.[`${key}_${pluralRules(DEFAULT_LANG).select(count)}`];
      }
      template ??= messages?.[key] ?? fallback?.[key] ?? key;
      return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (vars && name in vars ? String(vars[name]) : ""));
    };
  }
}

const plurals = new Map<Lang, Intl.PluralRules>();
function pluralRules(lang: Lang): Intl.PluralRules {
  let rules = plurals.get(lang);
  if (!rules) plurals.set(lang, (rules = new Intl.PluralRules(BCP47[lang])));
  return rules;
}

/** A date and time in the language's own format, in UTC with the zone named ('21 Nov 2026, 22:15 UTC'). */
export function localTime(ms: number, lang: Lang): string {
  return new Intl.DateTimeFormat(BCP47[lang], {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(ms);
}
