import { describe, expect, it } from "vitest";
import { parseQuote, quoteConstraint } from "./convert-forms.server";
import type { ConvertCurrency, Translate } from "./convert-schema";
import { quoteValidator } from "./convert-validate";

const t: Translate = (key, o) => (o ? `${key} ${JSON.stringify(o)}` : key);
const currencies: ConvertCurrency[] = [
  { id: 1, code: "BTC", decimals: 8, available: "0.5" },
  { id: 3, code: "USDT", decimals: 2, available: "1000" },
];
/** The field errors of a submission (none when it succeeded). */
const errorsOf = (s: { status?: string } & object) =>
  ("error" in s ? (s.error as Record<string, string[] | null> | null | undefined) : null) ?? null;
const fd = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
};

describe("the convert form's checks", () => {
  const browser = quoteValidator(t, currencies);
  const server = (f: FormData) => parseQuote(f, t, currencies);
  it.each([
    [{ from: "3", to: "1", amount: "100" }, null],
    [{ from: "3", to: "1", amount: "" }, "errors.amountRequired"],
    [{ from: "3", to: "1", amount: "1e3" }, "errors.amountInvalid"],
    [{ from: "3", to: "1", amount: "0" }, "errors.amountPositive"],
    [{ from: "3", to: "1", amount: "1.001" }, "errors.amountDecimals"],
    [{ from: "3", to: "1", amount: "1000.01" }, "errors.amountExceeds"],
    [{ from: "1", to: "1", amount: "0.1" }, "errors.sameCurrency"],
    [{ from: "9", to: "1", amount: "0.1" }, "errors.currencyRequired"],
  ])("%j → %s, alike in the browser and on the server", (values, problem) => {
    const b = browser(fd(values));
    const s = server(fd(values));
    expect(b.status === "success").toBe(problem === null);
    expect(JSON.stringify(errorsOf(s))).toBe(JSON.stringify(errorsOf(b)));
    if (problem) expect(JSON.stringify(errorsOf(b))).toContain(problem);
  });
  it("names the available balance as shown", () => {
    const r = browser(fd({ from: "3", to: "1", amount: "5000" }));
    expect(errorsOf(r)?.amount?.[0]).toContain('"available":"1,000.00"');
  });
  it("gives the inputs their constraints", () => {
    expect(quoteConstraint()).toMatchObject({ amount: { required: true, maxLength: 40 } });
  });
});
