import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { TranslationProvider, type NamespaceHooks, type Resources } from "~/lib/translate";

/**
 * Markup that many renders draw alike, drawn once: the server's chart (its SVG and its table of bars) is the same for
 * every page of a pair and interval in the same language while the exchange's answer it is drawn from is shared (the
 * public answers are frozen and shared by every render for their half second, lib/memo-on). The first render draws
 * it; the others in that time take the same HTML. Only for markup the browser does not hydrate but takes over as it
 * finds it in the page (features/trade/chart-panel's `ServerHtml`), so the string need not match React's own render
 * to the byte.
 *
 * The drawing is a nested synchronous render (React's server renderer supports it: it restores the outer render's
 * context when it returns). The namespaces it read are kept with it and reported to every page that uses it, so
 * the page still carries their strings.
 */
export type ShareMarkup = (on: object, key: string, element: ReactElement) => string;

type Drawn = { html: string; namespaces: string[] };

const drawnOn = new WeakMap<object, Map<string, Drawn>>();

/** How many variants (language, interval, …) one shared object keeps: a bound, whatever keys are asked for. */
const VARIANTS_KEPT = 64;

/** Drawings made so far: each one's ids (useId) carry its own number, so two drawings on a page never share one. */
let drawings = 0;

export function shareMarkup(i18n: { lang: string; locale: string; resources: Resources; hooks?: NamespaceHooks }): ShareMarkup {
  return (on, key, element) => {
    let variants = drawnOn.get(on);
    if (!variants) drawnOn.set(on, (variants = new Map()));
    const full = `${i18n.lang}\u0000${key}`;
    let drawn = variants.get(full);
    if (!drawn) {
      const namespaces = new Set<string>();
      const hooks: NamespaceHooks = { use: (ns) => void namespaces.add(ns) };
      const html = renderToStaticMarkup(
        <TranslationProvider lang={i18n.lang} locale={i18n.locale} resources={i18n.resources} hooks={hooks}>
          {element}
        </TranslationProvider>,
        // Its ids (useId) must meet neither the page's own nor another drawing's.
        { identifierPrefix: `shared${++drawings}-` },
      );
      drawn = { html, namespaces: [...namespaces] };
      if (variants.size >= VARIANTS_KEPT) variants.clear();
      variants.set(full, drawn);
    }
    for (const ns of drawn.namespaces) i18n.hooks?.use?.(ns);
    return drawn.html;
  };
}
