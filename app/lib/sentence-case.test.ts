import { describe, expect, it } from "vitest";
import { sentenceCase } from "./sentence-case";

describe("sentenceCase", () => {
  it("capitalizes a leading lower-case letter only", () => {
    expect(sentenceCase("incorrect account or password")).toBe("Incorrect account or password");
    expect(sentenceCase("Already fine")).toBe("Already fine");
    expect(sentenceCase("")).toBe("");
    expect(sentenceCase("5 attempts left")).toBe("5 attempts left");
    expect(sentenceCase("'quoted' text")).toBe("'quoted' text");
  });
  it("leaves scripts without case alone and follows the language's upper case", () => {
    expect(sentenceCase("アカウントまたはパスワードが正しくありません", "ja")).toBe("アカウントまたはパスワードが正しくありません");
    expect(sentenceCase("บัญชีหรือรหัสผ่านไม่ถูกต้อง", "th")).toBe("บัญชีหรือรหัสผ่านไม่ถูกต้อง");
    expect(sentenceCase("élément introuvable", "fr")).toBe("Élément introuvable");
    expect(sentenceCase("łączność przerwana", "pl")).toBe("Łączność przerwana");
  });
});
