import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "~/i18n";

/**
 * The server embeds the current language's strings in the page (#i18n-data), so the browser
 * needs no extra request and no backend plugin before it can hydrate.
 */
async function hydrate() {
  const el = document.getElementById("i18n-data");
  const { lang, resources } = JSON.parse(el?.textContent || "{}") as { lang: string; resources: Record<string, Record<string, unknown>> };
  await i18next.use(initReactI18next).init({ ...i18nConfig, lng: lang, ns: Object.keys(resources ?? {}), resources: { [lang]: resources ?? {} } });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
