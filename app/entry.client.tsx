import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { BCP47, DEFAULT_LANG, isLang } from "~/i18n";
import { I18nPayloadProvider } from "~/lib/i18n-payload";
import { ClientTranslations } from "~/lib/client-strings";
import { acceptDecimalComma } from "~/lib/decimal-comma";
import { replayEarlyInput } from "~/lib/early-input";
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
 * reload's data request. The router carries on with the newer one, so nothing is lost, but the aborted request can
 * surface its AbortError with nobody to catch it: as a rejected promise, or thrown by a listener of the aborted signal
 * while the navigation that aborted it starts (the lever's close dialog met this in the end-to-end suite, 1 run in
 * about 10). The browser reports either as an uncaught error. Only an AbortError is treated as handled; any other
 * error still shows.
 */
const isAbortError = (value: unknown) => typeof value === "object" && value !== null && (value as { name?: unknown }).name === "AbortError";
window.addEventListener("unhandledrejection", (event) => {
  if (isAbortError(event.reason)) event.preventDefault();
});
window.addEventListener("error", (event) => {
  if (isAbortError(event.error)) event.preventDefault();
});
/**
 * The same abort reaches the console a third way: Remix's single fetch logs the error that stops it decoding a data
 * request's body (console.error) before throwing its own, which the router then drops with the aborted request. A
 * navigation while a fetcher's revalidation is arriving (the lever's close dialog going back after the close) does
 * that; the full suite met it in 2 runs of 3. Only a lone AbortError is dropped; any other message still shows.
 */
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (args.length === 1 && isAbortError(args[0])) return;
  consoleError(...args);
};

/**
 * Remix's single fetch decodes the page's data before RemixBrowser can render: its first render starts the decoding
 * and suspends. If a key press or click reaches the page in that moment (someone typing while the scripts load),
 * React hydrates at once, synchronously, meets the suspension with no boundary above it and gives up: error 345,
 * and the page is never hydrated (reproduced in Chromium with the CPU slowed 8–16×: 8 loads of 10). So the decoding
 * is started and awaited before hydrating: RemixBrowser called as a function does only that, then throws the
 * decoding's promise, without touching React. Hydration then finds the data ready and never suspends.
 */
async function dataDecoded(): Promise<void> {
  try {
    RemixBrowser({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

// Before hydration, so that what was typed before it, replayed below, is read the same way.
acceptDecimalComma(document);

/** Once the page has hydrated (a parent's effect runs after its children's), what was typed before reaches React. */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    replayEarlyInput();
    void import("~/lib/figure-paste").then((m) => m.acceptGroupedPaste(document));
  }, []);
  return children;
}

void dataDecoded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nPayloadProvider value={payload}>
        <ClientTranslations lang={lang} locale={BCP47[lang]} version={parsed.v ?? ""} initial={parsed.resources ?? {}}>
          <StrictMode>
            <Hydrated>
              <RemixBrowser />
            </Hydrated>
          </StrictMode>
        </ClientTranslations>
      </I18nPayloadProvider>,
    );
  }),
);
