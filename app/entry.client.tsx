import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { BCP47, DEFAULT_LANG, isLang } from "~/i18n";
import { I18nPayloadProvider } from "~/lib/i18n-payload";
import { TranslationProvider, type Resources } from "~/lib/translate";

/**
 * The server embeds the current language's strings in the page (#i18n-data), so the browser
 * needs no extra request and no i18n library before it can hydrate (docs/decisions/001, 005).
 */
const el = document.getElementById("i18n-data");
const payload = el?.textContent || "";
const parsed = JSON.parse(payload || "{}") as { lang?: string; resources?: Resources };
const lang = isLang(parsed.lang) ? parsed.lang : DEFAULT_LANG;

startTransition(() => {
  hydrateRoot(
    document,
    <I18nPayloadProvider value={payload}>
      <TranslationProvider lang={lang} locale={BCP47[lang]} resources={parsed.resources ?? {}}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </TranslationProvider>
    </I18nPayloadProvider>,
  );
});
