import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { buySchema, type BuyLimits, type Translate } from "./schemas";

/** The key and its values, so the tests read as the messages the form shows. */
const t: Translate = (key, options) => (options ? `${key} ${JSON.stringify(options)}` : key);

function form(entries: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

const limits: BuyLimits = { limit_number: "100", max_number: "50000", code: "USDT", available: "5000", lang: "en" };

function amountErrors(number: string, l: BuyLimits | undefined = limits) {
  const submission = parseWithZod(form({ id: "3", idempotency_key: "k", number }), { schema: buySchema(t, l) });
  return submission.status === "success" ? undefined : submission.error?.number;
}

describe("buySchema: the amount of a purchase, by the product's rules", () => {
  it("takes an amount between the minimum and the maximum that the balance covers", () => {
    const submission = parseWithZod(form({ id: "3", idempotency_key: "k", number: " 150.5 " }), { schema: buySchema(t, limits) });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ id: 3, idempotency_key: "k", number: "150.5" });
    expect(amountErrors("100")).toBeUndefined();
    expect(amountErrors("5000")).toBeUndefined();
  });

  it("asks for an amount when there is none", () => {
    expect(amountErrors("")).toEqual(["errors.amountRequired"]);
    expect(amountErrors("  ")).toEqual(['errors.amountRequired {"code":"USDT"}']);
    expect(amountErrors("", undefined)).toEqual(["errors.amountRequired"]);
  });

  it("wants digits, and more than 0", () => {
    expect(amountErrors("1e3")).toEqual(['errors.amountInvalid {"code":"USDT"}']);
    expect(amountErrors("-5")).toEqual(['errors.amountInvalid {"code":"USDT"}']);
    expect(amountErrors("0")).toEqual(['errors.amountPositive {"code":"USDT"}']);
  });

  it("names the product's minimum and maximum, as the page shows amounts", () => {
    expect(amountErrors("50")).toEqual(['errors.amountMin {"min":"100.00","code":"USDT"}']);
    expect(amountErrors("60000", { ...limits, available: "100000" })).toEqual(['errors.amountMax {"max":"50,000.00","code":"USDT"}']);
    expect(amountErrors("50", { ...limits, lang: "pl" })).toEqual(['errors.amountMin {"min":"100,00","code":"USDT"}']);
  });

  it("refuses an amount the spot balance does not cover, and leaves an unknown balance to the exchange", () => {
    expect(amountErrors("5000.01")).toEqual(['errors.insufficient {"available":"5,000.00","code":"USDT"}']);
    expect(amountErrors("6000", { ...limits, available: null })).toBeUndefined();
  });

  it("the constraints (no product) say only that the amount is required", () => {
    expect(getZodConstraint(buySchema(t)).number).toEqual({ required: true });
  });
});
