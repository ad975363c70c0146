import { BCP47, LANGUAGES } from "~/i18n";
import { getT } from "./i18next.server";
import { resources } from "./locales.server";
import { createT } from "./translate";

/** Every `key_<form>` of a resource tree, by the key without its form. */
function pluralKeys(tree: unknown, prefix = "", out = new Map<string, Set<string>>()) {
  if (!tree || typeof tree !== "object") return out;
  for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") pluralKeys(v, path, out);
    const m = /^(.*)_(zero|one|two|few|many|other)$/.exec(path);
    if (m) out.set(m[1]!, (out.get(m[1]!) ?? new Set()).add(m[2]!));
  }
  return out;
}

describe("counts follow each language's plural rules", () => {
  const all = resources();

  it("every counted string has the forms its language needs (Polish one, few and many; the others one and other)", () => {
    for (const ns of Object.keys(all.en)) {
      // A counted string is one English says in the singular and the plural (`log_other` alone is a category's name).
      for (const [key, forms] of pluralKeys(all.en[ns])) {
        if (!forms.has("one")) continue;
        for (const lang of LANGUAGES) {
          const forms = pluralKeys(all[lang][ns]).get(key) ?? new Set<string>();
          // Polish counts need few and many; French, Italian and Spanish 'many' (millions) reads as their other form.
          const needed = lang === "pl" ? ["one", "few", "many", "other"] : ["one", "other"];
          for (const form of needed) expect(forms.has(form), `${lang}:${ns}:${key}_${form}`).toBe(true);
        }
      }
    }
  });

  it("the screens say '1 Auftrag', '1 order', '5 zleceń', and Japanese has one form", () => {
    const t = (lang: (typeof LANGUAGES)[number]) => createT(all[lang], BCP47[lang], "fiat");
    const record = (lang: (typeof LANGUAGES)[number], n: number) => t(lang)("legal.record", { orders: n, count: n, rate: "100 %" });
    expect(record("de", 1)).toBe("1 Auftrag in 30 Tagen · Abschlussquote 100 %");
    expect(record("de", 2)).toBe("2 Aufträge in 30 Tagen · Abschlussquote 100 %");
    expect(record("en", 1)).toBe("1 order in 30 days · completion 100 %");
    expect(record("pl", 3)).toBe("3 zlecenia w 30 dni · realizacja 100 %");
    expect(record("pl", 5)).toBe("5 zleceń w 30 dni · realizacja 100 %");
    expect(record("jp", 1)).toBe("30 日間の注文 1 件 · 完了率 100 %");
  });

  it("the server's translator (actions, toasts) picks the same forms", async () => {
    const request = (lang: string) => new Request("http://localhost/", { headers: { Cookie: `lang=${lang}` } });
    const de = await getT(request("de"));
    expect(de("errors.tooManyRequests", { seconds: 1, count: 1 })).toBe(
      "Zu viele Versuche. Bitte warten Sie 1 Sekunde und versuchen Sie es erneut.",
    );
    const pl = await getT(request("pl"));
    expect(pl("errors.tooManyRequests", { seconds: 5, count: 5 })).toBe("Zbyt wiele prób. Odczekaj 5 sekund i spróbuj ponownie.");
    expect(pl("errors.tooManyRequests", { seconds: 2, count: 2 })).toBe("Zbyt wiele prób. Odczekaj 2 sekundy i spróbuj ponownie.");
    const jp = await getT(request("jp"));
    expect(jp("errors.tooManyRequests", { seconds: 1, count: 1 })).toBe(
      jp("errors.tooManyRequests", { seconds: 2, count: 2 }).replace("2", "1"),
    );
  });
});
