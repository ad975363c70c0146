import { BCP47, HEADER_LANGUAGES, LANGUAGES, langFromTag } from "./i18n";

describe("languages", () => {
  it("offers 11, all of them in the header as in the footer", () => {
    expect(LANGUAGES).toHaveLength(11);
    expect(HEADER_LANGUAGES).toEqual(LANGUAGES);
  });
  it("maps to BCP-47", () => {
    expect(BCP47.hk).toBe("zh-Hant-HK");
    expect(BCP47.jp).toBe("ja");
    expect(BCP47.kr).toBe("ko");
    expect(BCP47.zh).toBe("zh-Hans");
  });
  it("reads Accept-Language tags", () => {
    expect(langFromTag("zh-TW")).toBe("hk");
    expect(langFromTag("zh-CN")).toBe("zh");
    expect(langFromTag("ja-JP")).toBe("jp");
    expect(langFromTag("ko")).toBe("kr");
    expect(langFromTag("pt-BR")).toBeNull();
  });
});
