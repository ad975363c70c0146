import { renderToStaticMarkup } from "react-dom/server";
import { createT, Trans, TranslationProvider, useTranslation } from "./translate";

const resources = {
  common: { nav: { home: "Home" }, hello: "Hello {{name}}", items_one: "{{count}} item", items_other: "{{count}} items" },
  auth: { agree: "I agree to the <terms>user agreement</terms>.", title: "Log in" },
};

describe("createT", () => {
  it("looks up nested keys, namespaces and interpolates", () => {
    const t = createT(resources, "en");
    expect(t("nav.home")).toBe("Home");
    expect(t("auth:title")).toBe("Log in");
    expect(t("hello", { name: "Ann" })).toBe("Hello Ann");
    expect(t("hello")).toBe("Hello {{name}}");
  });
  it("falls back to the key or the default value, and tries several keys", () => {
    const t = createT(resources, "en", "auth");
    expect(t("missing.key")).toBe("missing.key");
    expect(t("missing", { defaultValue: "Fallback {{x}}", x: 1 })).toBe("Fallback 1");
    expect(t(["nope", "title"])).toBe("Log in");
  });
  it("chooses plural forms by the locale's rules", () => {
    const t = createT(resources, "en");
    expect(t("items", { count: 1 })).toBe("1 item");
    expect(t("items", { count: 5 })).toBe("5 items");
    const pl = createT(
      { common: { x_one: "1 plik", x_few: "{{count}} pliki", x_many: "{{count}} plików", x_other: "{{count}} pliku" } },
      "pl",
    );
    expect(pl("x", { count: 3 })).toBe("3 pliki");
    expect(pl("x", { count: 5 })).toBe("5 plików");
  });
  it("applies a key prefix to keys without a namespace", () => {
    expect(createT(resources, "en", "common", "nav")("home")).toBe("Home");
  });
  it("keeps what a key was found to be per namespace, never a key it did not find", () => {
    const strings: Record<string, Record<string, unknown>> = { common: { a: "A" } };
    const t = createT(strings, "en");
    expect(t("a")).toBe("A");
    expect(t("b.c")).toBe("b.c");
    strings.common.b = { c: "C" }; // (namespaces are whole when they arrive; a key not found is looked up again)
    expect(t("b.c")).toBe("C");
    expect(createT({ common: { a: "Other" } }, "en")("a")).toBe("Other");
  });
});

describe("useTranslation and Trans", () => {
  it("render the provider's language on the server", () => {
    function View() {
      const { t, i18n } = useTranslation("auth");
      return (
        <p data-lang={i18n.language}>
          {/* eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the link text in. */}
          <Trans t={t} i18nKey="agree" components={{ terms: <a href="/notice?id=66" /> }} />
        </p>
      );
    }
    const html = renderToStaticMarkup(
      <TranslationProvider lang="en" locale="en" resources={resources}>
        <View />
      </TranslationProvider>,
    );
    expect(html).toBe('<p data-lang="en">I agree to the <a href="/notice?id=66">user agreement</a>.</p>');
  });
  it("never turns translation text into markup", () => {
    const t = createT({ common: { x: "<b>bold</b> <img src=x onerror=alert(1)>" } }, "en");
    const html = renderToStaticMarkup(<Trans t={t} i18nKey="x" components={{}} />);
    expect(html).not.toContain("<img");
    expect(html).toContain("bold");
  });
  it("reports the namespaces it reads, and a namespace it does not hold", () => {
    const used = new Set<string>();
    const missing: string[] = [];
    const t = createT({ common: { a: "A" }, auth: { b: "B" } }, "en", "common", undefined, {
      use: (ns) => used.add(ns),
      missing: (ns) => missing.push(ns),
    });
    expect(t("a")).toBe("A");
    expect(t("auth:b")).toBe("B");
    expect(t("fiat:title")).toBe("fiat:title");
    expect([...used].sort()).toEqual(["auth", "common", "fiat"]);
    expect(missing).toEqual(["fiat"]);
  });
  it("records a component's namespace while rendering, before any lookup", () => {
    const used = new Set<string>();
    function View() {
      useTranslation("trade");
      return null;
    }
    renderToStaticMarkup(
      <TranslationProvider lang="en" locale="en" resources={resources} hooks={{ use: (ns) => used.add(ns) }}>
        <View />
      </TranslationProvider>,
    );
    expect([...used]).toEqual(["trade"]);
  });
});
