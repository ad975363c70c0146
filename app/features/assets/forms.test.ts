import { describe, expect, it } from "vitest";
import { formDataOf as fd } from "../../../tests/helpers/form-data";
import { constraintOf, parseForm } from "./forms.server";
import type { Translate } from "./schemas";
import { validatorOf } from "./validate";

const t: Translate = (key) => key;

describe("server and browser validate alike", () => {
  const cases = [
    ["withdraw", { currency_id: "1", address: "", number: "", pay_password: "" }],
    ["withdraw", { currency_id: "1", address: "T1", number: "-3", pay_password: "x" }],
    ["deposit", { currency_id: "1", chargeNum: "", walletAddress: "" }],
    ["transfer", { currency_id: "1", from: "lever_account", to: "lever_account", balance: "1" }],
    ["bind", { currency_protocol_id: "2", address: "", memo: "12ab", verificationcode: "" }],
    ["tradePassword", { password: "abc123", re_password: "abc124", auth_code: "" }],
  ] as const;
  it.each(cases)("%s %j", (form, entries) => {
    const a = parseForm(form, fd(entries), t);
    const b = validatorOf(form, t)(fd(entries));
    expect(a.status).toBe("error");
    expect(b.status === "success" ? null : b.error).toEqual(a.status === "success" ? null : a.error);
  });

  it("checks the withdrawal in order: address, amount, trade password", () => {
    const r = parseForm("withdraw", fd({ currency_id: "1", address_id: "", number: "", pay_password: "" }), t);
    expect(r.status === "success" ? [] : Object.keys(r.error ?? {})).toEqual(["address_id", "number", "pay_password"]);
    expect(r.status === "success" ? null : r.error?.address_id).toEqual(["errors.addressRequired"]);
  });

  it("transfer: from and to must differ", () => {
    const r = parseForm("transfer", fd({ currency_id: "1", from: "change_account", to: "change_account", balance: "5" }), t);
    expect(r.status === "success" ? null : r.error?.to).toEqual(["errors.sameAccount"]);
    expect(parseForm("transfer", fd({ currency_id: "1", from: "change_account", to: "lever_account", balance: "5" }), t).status).toBe(
      "success",
    );
  });

  it("constraints are plain JSON", () => {
    const c = constraintOf("withdraw");
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
    expect(c.address_id).toMatchObject({ required: true, maxLength: 16 });
  });
});

describe("the withdrawal's authenticator code", () => {
  it("is required when the form shows it, and said on its field even when the other fields are empty too", () => {
    const empty = { currency_id: "1", address_id: "", number: "", pay_password: "", google: "1", google_code: "" };
    const r = parseForm("withdraw", fd(empty), t);
    expect(r.status === "success" ? [] : Object.keys(r.error ?? {})).toEqual(["address_id", "number", "pay_password", "google_code"]);
    expect(r.status === "success" ? null : r.error?.google_code).toEqual(["errors.googleCodeRequired"]);
    const b = validatorOf("withdraw", t)(fd(empty));
    expect(b.status === "success" ? null : b.error).toEqual(r.status === "success" ? null : r.error);
    const filled = { currency_id: "1", address_id: "3", number: "10", pay_password: "x" };
    expect(parseForm("withdraw", fd({ ...filled, google: "1", google_code: "123456" }), t).status).toBe("success");
    // An account without the authenticator: no field, no marker, nothing required.
    expect(parseForm("withdraw", fd(filled), t).status).toBe("success");
  });

  it("keeps the constraints of the other fields", () => {
    expect(constraintOf("withdraw").address_id).toMatchObject({ required: true, maxLength: 16 });
  });
});
