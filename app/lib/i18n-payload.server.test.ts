import { allClientStrings, i18nPayload } from "./i18n-payload.server";

describe("the strings a page carries", () => {
  it("holds common and the namespaces the render used, with the version of the whole set", () => {
    const p = JSON.parse(i18nPayload("en", ["trade", "exchange", "nope"]));
    expect(p.lang).toBe("en");
    expect(Object.keys(p.resources).sort()).toEqual(["common", "trade"]);
    expect(p.v).toBe(allClientStrings("en").version);
    expect(p.resources.trade).toEqual(JSON.parse(allClientStrings("en").json).trade);
  });

  it("is script-safe, and the whole set holds every client namespace but the exchange's", () => {
    expect(i18nPayload("de", ["fiat"])).not.toContain("<");
    const all = JSON.parse(allClientStrings("de").json);
    expect(Object.keys(all)).toContain("fiat");
    expect(Object.keys(all)).not.toContain("exchange");
  });

  it("has one version per language's strings", () => {
    expect(allClientStrings("en").version).not.toBe(allClientStrings("de").version);
    expect(allClientStrings("en").version).toBe(allClientStrings("en").version);
  });
});
