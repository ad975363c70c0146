import { PassThrough } from "node:stream";
import { createContext, useContext } from "react";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { shareMarkup } from "./shared-markup.server";
import { TranslationProvider, useTranslation } from "./translate";

const resources = { en: { trade: { hello: "Hello" } }, fr: { trade: { hello: "Bonjour" } } };
let drawn = 0;
function Greeting({ name }: { name: string }) {
  const { t } = useTranslation("trade");
  drawn++;
  return <b>{`${t("hello")}, ${name}`}</b>;
}

function sharer(lang: "en" | "fr", used = new Set<string>()) {
  return shareMarkup({ lang, locale: lang, resources: resources[lang], hooks: { use: (ns) => void used.add(ns) } });
}

describe("shareMarkup", () => {
  it("draws once per shared object, key and language, and gives the same HTML to the renders after", () => {
    drawn = 0;
    const bars = {};
    expect(sharer("en")(bars, "k", <Greeting name="Ann" />)).toBe("<b>Hello, Ann</b>");
    expect(sharer("en")(bars, "k", <Greeting name="Ann" />)).toBe("<b>Hello, Ann</b>");
    expect(drawn).toBe(1);
    expect(sharer("fr")(bars, "k", <Greeting name="Ann" />)).toBe("<b>Bonjour, Ann</b>");
    expect(sharer("en")(bars, "other", <Greeting name="Bo" />)).toBe("<b>Hello, Bo</b>");
    expect(sharer("en")({}, "k", <Greeting name="Cy" />)).toBe("<b>Hello, Cy</b>");
    expect(drawn).toBe(4);
  });

  it("reports the namespaces the drawing read to every page that takes it, drawn or not", () => {
    const on = {};
    const first = new Set<string>();
    const second = new Set<string>();
    sharer("en", first)(on, "k", <Greeting name="Ann" />);
    sharer("en", second)(on, "k", <Greeting name="Ann" />);
    expect([...first]).toEqual(["trade"]);
    expect([...second]).toEqual(["trade"]);
  });

  it("leaves the page's own render as it was: its context, its hooks and its text after the shared part", async () => {
    const Outer = createContext("outer");
    const share = sharer("en");
    const on = {};
    function Middle() {
      const html = share(on, "k", <Greeting name="Ann" />);
      return <div dangerouslySetInnerHTML={{ __html: html }} />;
    }
    function After() {
      return <i>{useContext(Outer)}</i>;
    }
    const page = (
      <TranslationProvider lang="en" locale="en" resources={resources.en}>
        <Outer.Provider value="page">
          <Middle />
          <After />
        </Outer.Provider>
      </TranslationProvider>
    );
    const streamed = await new Promise<string>((resolve, reject) => {
      const out = new PassThrough();
      let text = "";
      out.on("data", (c: Buffer) => (text += c.toString()));
      out.on("end", () => resolve(text));
      renderToPipeableStream(page, { onAllReady: () => 0, onShellReady() {}, onError: reject }).pipe(out);
    });
    expect(streamed).toBe("<div><b>Hello, Ann</b></div><i>page</i>");
    expect(renderToStaticMarkup(page)).toBe("<div><b>Hello, Ann</b></div><i>page</i>");
  });
});
