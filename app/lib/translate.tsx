import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  useCallback,
  useContext,
  useMemo,
  type ReactElement,
  type ReactNode,
} from "react";

/**
 * The browser's side of i18n: a key lookup with {{interpolation}}, plurals by Intl.PluralRules,
 * namespaces ("ns:key") and <Trans> with named tags. i18next + react-i18next cost about 20 KB
 * gzipped of first-load JavaScript for these few features (docs/decisions/005). The server
 * still uses remix-i18next for language detection and translations in loaders and actions;
 * both read the same locales/<lang>/<ns>.json files.
 */
export type Resources = Record<string, Record<string, unknown>>;
export type TOptions = Record<string, unknown> & { count?: number; defaultValue?: string };
export type TFunction = (key: string | string[], options?: TOptions) => string;

/**
 * What a translator reports about the namespaces it reads: `use` for each one looked up (the server records which
 * namespaces a page used, so the page carries only those), `missing` for one the resources do not hold (the
 * browser then loads the language's other strings).
 */
export type NamespaceHooks = { use?: (ns: string) => void; missing?: (ns: string) => void };

type I18nValue = { lang: string; locale: string; resources: Resources; hooks?: NamespaceHooks; version?: number };
const I18nContext = createContext<I18nValue>({ lang: "en", locale: "en", resources: {} });

/** `version` changes when strings were added to `resources` in place (the translators are made again). */
export function TranslationProvider({ lang, locale, resources, hooks, version, children }: I18nValue & { children: ReactNode }) {
  const value = useMemo(() => ({ lang, locale, resources, hooks, version }), [lang, locale, resources, hooks, version]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function lookup(tree: unknown, path: string): unknown {
  let node = tree;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * A key's string in a namespace's strings, found once: a namespace's tree never changes once loaded (the browser adds
 * whole namespaces), so what a path leads to is kept per tree. A key not (yet) there is looked up again next time.
 */
const found = new WeakMap<object, Map<string, unknown>>();
function lookupKey(tree: unknown, path: string): unknown {
  if (tree === null || typeof tree !== "object") return undefined;
  let known = found.get(tree);
  if (!known) found.set(tree, (known = new Map()));
  let value = known.get(path);
  if (value === undefined) {
    value = lookup(tree, path);
    if (value !== undefined) known.set(path, value);
  }
  return value;
}

function interpolate(text: string, options?: TOptions): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    const v = lookup(options, name);
    return v === undefined || v === null ? whole : String(v);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** A pure translator over one language's resources; `defaultNs` is used for keys without "ns:". */
export function createT(resources: Resources, locale: string, defaultNs = "common", keyPrefix?: string, hooks?: NamespaceHooks): TFunction {
  return function t(key, options) {
    for (const candidate of Array.isArray(key) ? key : [key]) {
      const i = candidate.indexOf(":");
      const ns = i > 0 ? candidate.slice(0, i) : defaultNs;
      let path = i > 0 ? candidate.slice(i + 1) : candidate;
      if (keyPrefix && i < 0) path = `${keyPrefix}.${path}`;
      const tree = resources[ns];
      if (hooks) {
        hooks.use?.(ns);
        if (tree === undefined) hooks.missing?.(ns);
      }
      let value: unknown;
      if (typeof options?.count === "number") {
        value = lookupKey(tree, `${path}_${pluralCategory(locale, options.count)}`) ?? lookupKey(tree, `${path}_other`);
      }
      value ??= lookupKey(tree, path);
      if (typeof value === "string") return interpolate(value, options);
    }
    const fallback = Array.isArray(key) ? key[0] : key;
    return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : fallback;
  };
}

/** Same shape as react-i18next's hook: `const { t, i18n } = useTranslation("auth")`. */
export function useTranslation(ns?: string | string[], options?: { keyPrefix?: string }) {
  const { lang, locale, resources, hooks, version } = useContext(I18nContext);
  const defaultNs = (Array.isArray(ns) ? ns[0] : ns) ?? "common";
  const keyPrefix = options?.keyPrefix;
  // A translator made in a render counts as using its namespace, even before its first lookup.
  hooks?.use?.(defaultNs);
  const t = useMemo(
    () => createT(resources, locale, defaultNs, keyPrefix, hooks),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `version`: the resources grew in place, so a new translator
    [resources, locale, defaultNs, keyPrefix, hooks, version],
  );
  return { t, i18n: { language: lang, resolvedLanguage: lang } };
}

/**
 * Renders a translation whose text holds tags, e.g. "I agree to the <terms>user agreement</terms>",
 * putting each tag's text inside the element given for it in `components`.
 */
export function Trans({
  t,
  i18nKey,
  values,
  components,
}: {
  t: TFunction;
  i18nKey: string;
  values?: TOptions;
  components: Record<string, ReactElement>;
}) {
  const text = t(i18nKey, values);
  return <>{renderTags(text, components)}</>;
}

export function renderTags(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /<(\w+)\s*\/>|<(\w+)>([\s\S]*?)<\/\2>/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let n = 0;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const name = m[1] ?? m[2];
    const el = components[name];
    if (el && isValidElement(el)) out.push(cloneElement(el, { key: `t${n++}` }, ...(m[3] !== undefined ? [m[3]] : [])));
    else out.push(<Fragment key={`t${n++}`}>{m[3] ?? ""}</Fragment>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A stable translator for callbacks (e.g. zod messages) that survives re-renders. */
export function useStableT(t: TFunction): TFunction {
  return useCallback((key: string | string[], options?: TOptions) => t(key, options), [t]);
}
