import { describe, expect, it } from "vitest";
import type { Currency } from "~/contract/money";
import { usdTotal, usdValue, withdrawalAmounts } from "~/contract/money";
import {
  accountPageOf,
  amountText,
  feePercent,
  pickOtherSide,
  transferableCurrencies,
  usdTotalOf,
  usdValueOf,
  withdrawalPreview,
} from "./rules";

describe("withdrawal fee and received amount", () => {
  it("shows the fee rate as draw_rate × 100 %", () => {
    expect(feePercent("0.001")).toBe("0.1");
    expect(feePercent("0.0005")).toBe("0.05");
    expect(feePercent("0")).toBe("0");
    expect(feePercent("0.01")).toBe("1");
    expect(feePercent("bad")).toBe("0");
  });

  it("received = amount × (1 − rate), rounded down to the currency's decimals; fee + received = amount", () => {
    expect(withdrawalPreview("100", "0.001", 6)).toEqual({ fee: "0.1", received: "99.9" });
    expect(withdrawalPreview("0.12345678", "0.001", 8)).toEqual({ fee: "0.00012346", received: "0.12333332" });
    expect(withdrawalPreview("10", "0", 2)).toEqual({ fee: "0", received: "10" });
    expect(withdrawalPreview("1.5", "0.003", 4)).toEqual({ fee: "0.0045", received: "1.4955" });
  });

  it("is the exchange's own rule (contract withdrawalAmounts), never floats", () => {
    const cases: Array<[string, string, number]> = [
      ["100", "0.001", 6],
      ["0.3", "0.1", 8],
      ["123456789.123456", "0.0025", 6],
      ["0.00000001", "0.5", 8],
      ["7", "0.333", 2],
    ];
    for (const [a, r, d] of cases) expect(withdrawalPreview(a, r, d)).toEqual(withdrawalAmounts(a, r, d));
  });

  it("has no preview for an empty, malformed or zero amount", () => {
    for (const a of ["", " ", "abc", "-1", "1e3", "0", "0.000", "1.", ".5"]) expect(withdrawalPreview(a, "0.001", 6)).toBeNull();
  });
});

describe("USD values", () => {
  it("floors each row to 2 decimals", () => {
    expect(usdValueOf("1", "0.5", "64213.529")).toBe("96320.29");
    expect(usdValueOf("0", "0", "1")).toBe("0.00");
    expect(usdValueOf("0.019", "0", "1")).toBe("0.01");
    expect(usdValueOf("1", "0", "1")).toBe(usdValue("1", "1"));
  });

  it("floors a group total once (not the sum of floored rows), like the exchange", () => {
    const rows = [
      { balance: "0.009", lock_balance: "0", currency: { usd_price: "1" } },
      { balance: "0.009", lock_balance: "0", currency: { usd_price: "1" } },
    ];
    expect(usdTotalOf(rows)).toBe("0.01");
    expect(usdTotalOf([])).toBe("0.00");
    const many = [
      { balance: "0.1", lock_balance: "0.2", currency: { usd_price: "64000.123" } },
      { balance: "10", lock_balance: "5", currency: { usd_price: "1" } },
    ];
    expect(usdTotalOf(many)).toBe(
      usdTotal(many.map((r) => ({ total: String(Number(r.balance) + Number(r.lock_balance)), usdPrice: r.currency.usd_price }))),
    );
  });

  it("formats table amounts to the currency's decimals without rounding up", () => {
    expect(amountText("1.23456789", 4)).toBe("1.2345");
    expect(amountText("5", 2)).toBe("5.00");
    expect(amountText("-0.5", 2)).toBe("-0.50");
  });
});

describe("transfer rules", () => {
  const currency = (code: string, types: Currency["account_types"][number]["account_code"][], flag: 0 | 1 = 1) =>
    ({
      id: code.length,
      code,
      is_recharge_account: flag,
      account_types: types.map((account_code, i) => ({ id: i + 1, name: account_code, account_code })),
    }) as unknown as Currency;

  it("offers currencies with is_recharge_account and more than one account type", () => {
    const list = [
      currency("USDT", ["change_account", "lever_account"]),
      currency("SOL", ["change_account"]),
      currency("BTC", ["change_account", "legal_account"], 0),
    ];
    expect(transferableCurrencies(list).map((c) => c.code)).toEqual(["USDT"]);
  });

  it("choosing one side picks the other", () => {
    const all = ["change_account", "legal_account", "lever_account", "micro_account", "financial_account"] as const;
    expect(pickOtherSide("lever_account", "lever_account", [...all])).toBe("change_account");
    expect(pickOtherSide("change_account", "change_account", [...all])).toBe("legal_account");
    expect(pickOtherSide("lever_account", "", [...all])).toBe("change_account");
    expect(pickOtherSide("change_account", "micro_account", [...all])).toBe("micro_account");
    expect(pickOtherSide("change_account", "lever_account", ["change_account", "legal_account"])).toBe("legal_account");
  });

  it("maps account pages and codes", () => {
    expect(accountPageOf("micro_account")).toBe("secondAccount");
    expect(accountPageOf("nope")).toBeUndefined();
  });
});

describe("record times", () => {
  it("are UTC, minute precision", async () => {
    const { formatTime } = await import("./rules");
    expect(formatTime(Date.UTC(2026, 10, 21, 22, 15, 41))).toBe("2026-11-21 22:15 UTC");
    expect(formatTime(0)).toBe("");
  });
});
