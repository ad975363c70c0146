import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { BCP47, DEFAULT_LANG, isLang } from "~/i18n";
import { I18nPayloadProvider } from "~/lib/i18n-payload";
import { ClientTranslations } from "~/lib/client-strings";
import type { Resources } from "~/lib/translate";

/**
 * The server embeds the strings the page uses in the page (#i18n-data), so the browser needs no
 * extra request and no i18n library before it can hydrate (docs/decisions/001, 005, 016); the
 * rest of the language follows when the page is idle.
 */
const el = document.getElementById("i18n-data");
const payload = el?.textContent || "";
const parsed = JSON.parse(payload || "{}") as { lang?: string; v?: string; resources?: Resources };
const lang = isLang(parsed.lang) ? parsed.lang : DEFAULT_LANG;

/**
 * A navigation that interrupts a reload (a dialog closing while the live feed's reload is on its way) aborts the
 * reload's data request. The router carries on with the newer one, so nothing is lost, but the aborted request's
 * promise can be left rejected with nobody to catch it, and the browser reports it as an uncaught error. Only that
 * rejection, an AbortError, is treated as handled; any other still shows.
 */
window.addEventListener("unhandledrejection", (event) => {
  const reason: unknown = event.reason;
  if (typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "AbortError") event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <I18nPayloadProvider value={payload}>
      <ClientTranslations lang={lang} locale={BCP47[lang]} version={parsed.v ?? ""} initial={parsed.resources ?? {}}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </ClientTranslations>
    </I18nPayloadProvider>,
  );
});
