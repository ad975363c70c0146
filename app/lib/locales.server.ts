import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { LANGUAGES, type Lang } from "~/i18n";

type Resources = Record<Lang, Record<string, Record<string, unknown>>>;

/** Reads locales/<lang>/<ns>.json once per process. */
function load(): Resources {
  const dir = resolve(process.env.LOCALES_DIR ?? "locales");
  const out = {} as Resources;
  for (const lang of LANGUAGES) {
    out[lang] = {};
    const base = join(dir, lang);
    if (!existsSync(base)) continue;
    for (const file of readdirSync(base)) {
      if (!file.endsWith(".json")) continue;
      out[lang][file.slice(0, -5)] = JSON.parse(readFileSync(join(base, file), "utf8"));
    }
  }
  return out;
}

let cache: Resources | undefined;
export function resources(): Resources {
  if (!cache || process.env.NODE_ENV === "development") cache = load();
  return cache;
}
