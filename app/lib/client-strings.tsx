import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { TranslationProvider, type NamespaceHooks, type Resources } from "~/lib/translate";

/**
 * The browser's strings: the page brings the namespaces its server render used (lib/i18n-payload.server); the
 * rest of the language is loaded right after hydration (kept by the HTTP cache for as long as its version
 * holds), so a screen reached by a link has its strings at once. A lookup in a namespace that has not arrived
 * yet loads it at once and renders again when it is there.
 */
export function ClientTranslations({
  lang,
  locale,
  version,
  initial,
  children,
}: {
  lang: string;
  locale: string;
  version: string;
  initial: Resources;
  children: ReactNode;
}) {
  const [generation, setGeneration] = useState(0);
  const state = useRef({ loading: false, loaded: false, missed: false, retryAt: 0 });

  const load = useCallback(() => {
    const s = state.current;
    if (s.loading || s.loaded || Date.now() < s.retryAt) return;
    s.loading = true;
    fetch(`/resources/strings?lang=${encodeURIComponent(lang)}&v=${encodeURIComponent(version)}`, {
      headers: { Accept: "application/json" },
    })
      .then((r) => (r.ok ? (r.json() as Promise<Resources>) : Promise.reject(new Error(String(r.status)))))
      .then((all) => {
        // In place: translators already made keep working and see the new namespaces.
        for (const [ns, tree] of Object.entries(all)) if (!(ns in initial)) initial[ns] = tree;
        s.loaded = true;
        if (s.missed) startTransition(() => setGeneration((g) => g + 1));
      })
      .catch(() => {
        s.retryAt = Date.now() + 10_000;
      })
      .finally(() => {
        s.loading = false;
      });
  }, [lang, version, initial]);

  const hooks = useMemo<NamespaceHooks>(
    () => ({
      missing: () => {
        state.current.missed = true;
        load();
      },
    }),
    [load],
  );

  // Right after hydration: a link followed in the next moment then finds its screen's strings here.
  useEffect(() => {
    const id = setTimeout(load, 0);
    return () => clearTimeout(id);
  }, [load]);

  return (
    <TranslationProvider lang={lang} locale={locale} resources={initial} hooks={hooks} version={generation}>
      {children}
    </TranslationProvider>
  );
}
