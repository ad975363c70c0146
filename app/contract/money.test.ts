import { describe, expect, it } from "vitest";
import {
  AccountLogPayloadSchema,
  accountCodeOfTypeId,
  convertReceive,
  dailyInterest,
  decimalPlacesOf,
  DrawPayloadSchema,
  TransferPayloadSchema,
  usdTotal,
  usdValue,
  withdrawalAmounts,
} from "./money";

describe("withdrawal fee and received amount", () => {
  it("received = amount × (1 − rate); fee = amount − received", () => {
    expect(withdrawalAmounts("100", "0.001", 6)).toEqual({ fee: "0.1", received: "99.9" });
    expect(withdrawalAmounts("0.5", "0.0005", 8)).toEqual({ fee: "0.00025", received: "0.49975" });
    expect(withdrawalAmounts("10", "0", 6)).toEqual({ fee: "0", received: "10" });
  });
  it("rounds the received amount down to the currency's decimals (the fee absorbs the rest)", () => {
    // 10.123456 × 0.999 = 10.113332544 → 10.113332 (6 decimals); fee 0.010124 (= 0.010123456 rounded up).
    expect(withdrawalAmounts("10.123456", "0.001", 6)).toEqual({ fee: "0.010124", received: "10.113332" });
    const { fee, received } = withdrawalAmounts("123456.789012", "0.002", 6);
    expect(decimalPlacesOf(received)).toBeLessThanOrEqual(6);
    expect({ fee, received }).toEqual({ fee: "246.913579", received: "123209.875433" });
  });
  it("is exact for large amounts (no float)", () => {
    expect(withdrawalAmounts("200000", "0.001", 6)).toEqual({ fee: "200", received: "199800" });
    expect(withdrawalAmounts("99999999.99999999", "0.0005", 8).received).toBe("99949999.99999999");
  });
});

describe("USD values", () => {
  it("floors each row to 2 decimals and totals the exact values", () => {
    expect(usdValue("0.5", "64000")).toBe("32000.00");
    expect(usdValue("0.00001", "64000.129")).toBe("0.64");
    expect(usdValue("0", "1")).toBe("0.00");
    // Rows 0.333 + 0.333 + 0.333 show 0.33 each, but the total of the exact values is 0.99.
    expect(
      usdTotal([
        { total: "0.333", usdPrice: "1" },
        { total: "0.333", usdPrice: "1" },
        { total: "0.333", usdPrice: "1" },
      ]),
    ).toBe("0.99");
    expect(usdTotal([])).toBe("0.00");
    expect(
      usdTotal([
        { total: "10000", usdPrice: "1" },
        { total: "0.5", usdPrice: "64000" },
        { total: "5", usdPrice: "3400" },
      ]),
    ).toBe("59000.00");
  });
});

describe("savings and convert math", () => {
  it("daily interest = principal × annual rate / 365, floored", () => {
    expect(dailyInterest("100", "0.045", 6)).toBe("0.012328");
    expect(dailyInterest("1000", "0.092", 6)).toBe("0.252054");
    expect(dailyInterest("0.01", "0.025", 8)).toBe("0.00000068");
  });
  it("convert receive is floored to the target's decimals", () => {
    expect(convertReceive("100", "0.0000156", 8)).toBe("0.00156");
    expect(convertReceive("1", "63872.123456789", 6)).toBe("63872.123456");
  });
});

describe("payload schemas", () => {
  it("reports withdrawal problems in order: address, amount, trade password", () => {
    const first = (p: Record<string, string>) => {
      const r = DrawPayloadSchema.safeParse({ currency_id: "1", ...p });
      return r.success ? null : r.error.issues[0].message;
    };
    expect(first({})).toBe("draw_address_required");
    expect(first({ address: "T1" })).toBe("draw_amount_required");
    expect(first({ address: "T1", number: "5" })).toBe("pay_password_required");
    expect(first({ address: "T1", number: "0", pay_password: "x" })).toBe("amount_positive");
    expect(first({ address: "T1", number: "1e3", pay_password: "x" })).toBe("amount_invalid");
    expect(first({ address: "T1", number: "5", pay_password: "x" })).toBeNull();
  });
  it("accepts account codes or type ids for transfers", () => {
    const r = TransferPayloadSchema.parse({ currency_id: "1", balance: "5", from: "1", to: "lever_account" });
    expect(r).toMatchObject({ from: "change_account", to: "lever_account" });
    expect(TransferPayloadSchema.safeParse({ currency_id: "1", balance: "5", from: "9", to: "1" }).success).toBe(false);
    expect(accountCodeOfTypeId(5)).toBe("financial_account");
  });
  it("treats an empty currency filter as all", () => {
    expect(AccountLogPayloadSchema.parse({ currency_id: "", page: "2" })).toEqual({ currency_id: undefined, page: 2, limit: undefined });
  });
});
