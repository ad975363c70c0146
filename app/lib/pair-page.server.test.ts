import { quoteTabOf } from "./pair-page.server";

describe("the pair list's quote tab", () => {
  const quotes = ["USDT", "BTC"];
  it("is the one the address asks for when the screen has it, in any case", () => {
    expect(quoteTabOf(quotes, "btc", { quote_currency_code: "usdt" })).toBe("BTC");
  });
  it("is the pair's quote when the address asks for none or for one the screen has not", () => {
    expect(quoteTabOf(quotes, null, { quote_currency_code: "btc" })).toBe("BTC");
    expect(quoteTabOf(quotes, "EUR", { quote_currency_code: "usdt" })).toBe("USDT");
  });
  it("is the first tab without a pair, and empty without markets", () => {
    expect(quoteTabOf(quotes, "EUR", null)).toBe("USDT");
    expect(quoteTabOf([], null, null)).toBe("");
  });
});
