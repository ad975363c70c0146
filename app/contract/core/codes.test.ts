import { describe, expect, it } from "vitest";
import { fieldOfReason } from "./codes";

describe("fieldOfReason", () => {
  const fields = { number: ["draw_min", "insufficient_balance"], pay_password: ["pay_password_incorrect", "pay_password_locked"] } as const;
  it("puts a refusal on the field whose message keys list its key", () => {
    expect(fieldOfReason({ key: "insufficient_balance" }, fields)).toBe("number");
    expect(fieldOfReason({ key: "pay_password_locked" }, fields)).toBe("pay_password");
  });
  it("prefers the field the exchange names, when the form has it", () => {
    expect(fieldOfReason({ key: "field_invalid", field: "pay_password" }, fields)).toBe("pay_password");
    expect(fieldOfReason({ key: "draw_min", field: "amount" }, fields)).toBe("number");
  });
  it("is a form-level error without a reason (an upstream that sends only msg) or for an unknown key", () => {
    expect(fieldOfReason(undefined, fields)).toBeNull();
    expect(fieldOfReason({ key: "server_error" }, fields)).toBeNull();
  });
});
