import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { confirmSchema, messageSchema, orderSchema, publishSchema, reasonSchema, voucherSchema, type Translate } from "./schemas";

/** Returns the key itself, so the tests read as the checks they make. */
const t: Translate = (key) => key;

function form(entries: [string, string | Blob][]) {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

/** Field → messages, as the form shows them ({} when the form is accepted). */
function errors(schema: Parameters<typeof parseWithZod>[1]["schema"], entries: Record<string, string> | [string, string | Blob][]) {
  const submission = parseWithZod(form(Array.isArray(entries) ? entries : Object.entries(entries)), { schema });
  return submission.status === "success" ? {} : submission.error;
}

describe("orderSchema", () => {
  it("asks for the amount, and takes only a plain decimal", () => {
    expect(errors(orderSchema(t), { by: "amount", value: " " })).toEqual({ value: ["check.p2p_value_required"] });
    for (const value of ["-5", "1e3", "1,000", "12.", "abc"])
      expect(errors(orderSchema(t), { by: "amount", value }), value).toEqual({ value: ["check.p2p_value_invalid"] });
    expect(errors(orderSchema(t), { by: "quantity", value: " 144.50 " })).toEqual({});
  });

  it("orders by amount unless the quantity is chosen", () => {
    const parsed = (by: string) =>
      parseWithZod(
        form([
          ["by", by],
          ["value", "72"],
        ]),
        { schema: orderSchema(t) },
      );
    expect(parsed("quantity")).toMatchObject({ status: "success", value: { by: "quantity", value: "72" } });
    expect(parsed("anything")).toMatchObject({ status: "success", value: { by: "amount" } });
  });

  it("gives the browser the same rules before the checks load: required, and a pattern for a plain decimal", () => {
    const { required, pattern } = getZodConstraint(orderSchema(t)).value ?? {};
    expect(required).toBe(true);
    // As the browser applies an input's pattern: the whole value, with the v flag.
    const html = new RegExp(`^(?:${pattern})$`, "v");
    expect(["72", "144.50"].filter((v) => html.test(v))).toEqual(["72", "144.50"]);
    expect(["-5", "1e3", "1,000", "12."].filter((v) => html.test(v))).toEqual([]);
  });
});

describe("publishSchema", () => {
  const ad = { side: "sell", currency_id: "1", fiat: "CNY", price: "7.11", total: "100", min_quantity: "50", max_quantity: "80" };
  const entries = (over: Record<string, string> = {}, pay = ["bank"]): [string, string][] => [
    ...Object.entries({ ...ad, ...over }),
    ...pay.map((p): [string, string] => ["pay_types", p]),
  ];

  it("accepts an ad with several payment methods", () => {
    const s = parseWithZod(form(entries({}, ["bank", "alipay"])), { schema: publishSchema(t) });
    expect(s).toMatchObject({ status: "success", value: { price: "7.11", pay_types: ["bank", "alipay"] } });
  });

  it("asks for each quantity and for a payment method", () => {
    expect(errors(publishSchema(t), entries({ price: "", total: "", min_quantity: "", max_quantity: "" }, []))).toEqual({
      price: ["check.p2p_price_required"],
      total: ["check.p2p_total_required"],
      min_quantity: ["check.p2p_min_required"],
      max_quantity: ["check.p2p_max_required"],
      pay_types: ["check.p2p_pay_types_required"],
    });
  });

  it("refuses a quantity that is not a plain decimal", () => {
    expect(errors(publishSchema(t), entries({ price: "7,1", total: "x", min_quantity: "-1", max_quantity: "1e2" }))).toEqual({
      price: ["check.p2p_price_invalid"],
      total: ["check.p2p_total_invalid"],
      min_quantity: ["check.p2p_min_invalid"],
      max_quantity: ["check.p2p_max_invalid"],
    });
  });

  it("refuses a maximum below the minimum, by value and not as text, even when another field is wrong", () => {
    expect(errors(publishSchema(t), entries({ min_quantity: "50", max_quantity: "20" }))).toEqual({
      max_quantity: ["check.p2p_max_below_min"],
    });
    expect(errors(publishSchema(t), entries({ price: "", min_quantity: "9.5", max_quantity: "10" }))).toEqual({
      price: ["check.p2p_price_required"],
    });
    expect(errors(publishSchema(t), entries({ price: "", min_quantity: "10.01", max_quantity: "10" }))).toEqual({
      price: ["check.p2p_price_required"],
      max_quantity: ["check.p2p_max_below_min"],
    });
    expect(errors(publishSchema(t), entries({ min_quantity: "80", max_quantity: "80.0" }))).toEqual({});
  });
});

describe("the order page's forms", () => {
  it("a voucher is a chosen file, not an empty file input", () => {
    expect(errors(voucherSchema(t), [["voucher_file", new File([], "")]])).toEqual({ voucher_file: ["order.voucherChoose"] });
    expect(errors(voucherSchema(t), [["voucher_file", new File(["png"], "paid.png", { type: "image/png" })]])).toEqual({});
  });

  it("the release asks for the trade password, kept as typed (spaces are the person's)", () => {
    expect(errors(confirmSchema(t), { password: "" })).toEqual({ password: ["check.pay_password_required"] });
    expect(parseWithZod(form([["password", " Shop2026x "]]), { schema: confirmSchema(t) })).toMatchObject({
      value: { password: " Shop2026x " },
    });
  });

  it("a reason is required and at most 300 characters", () => {
    expect(errors(reasonSchema(t), { reason: "   " })).toEqual({ reason: ["check.p2p_reason_required"] });
    expect(errors(reasonSchema(t), { reason: "x".repeat(301) })).toEqual({ reason: ["check.p2p_reason_long"] });
    expect(errors(reasonSchema(t), { reason: "x".repeat(300) })).toEqual({});
  });

  it("a chat line is required and at most 500 characters", () => {
    expect(errors(messageSchema(t), { body: "" })).toEqual({ body: ["check.p2p_message_required"] });
    expect(errors(messageSchema(t), { body: "y".repeat(501) })).toEqual({ body: ["check.p2p_message_long"] });
    expect(errors(messageSchema(t), { body: " hello " })).toEqual({});
  });
});
