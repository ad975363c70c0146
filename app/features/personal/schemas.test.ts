import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { formDataOf as form } from "../../../tests/helpers/form-data";
import {
  bankMethodSchema,
  bindSchema,
  bindSendCodeSchema,
  feedbackSchema,
  identitySchema,
  walletMethodSchema,
  googleSchema,
  passwordSchema,
  type Translate,
} from "./schemas";

/** Returns the key itself, so the tests read as the checks they make. */
const t: Translate = (key) => key;

/** Field → messages, as the form shows them. */
function errors(schema: Parameters<typeof parseWithZod>[1]["schema"], entries: Record<string, string>) {
  const submission = parseWithZod(form(entries), { schema });
  return submission.status === "success" ? {} : submission.error;
}

describe("feedbackSchema", () => {
  it("asks for each field that is empty, with the exchange's words", () => {
    expect(errors(feedbackSchema(t), { type: "", title: " ", content: "" })).toEqual({
      type: ["check.feedback_type_required"],
      title: ["check.feedback_title_required"],
      content: ["check.feedback_content_required"],
    });
  });

  it("refuses content under 10 characters (after trimming) and a type it does not know", () => {
    expect(errors(feedbackSchema(t), { type: "nope", title: "Chart gap", content: "  too short  " })).toEqual({
      type: ["check.feedback_type_required"],
      content: ["check.feedback_content_short"],
    });
  });

  it("passes trimmed values, over-long input cut to the field's length", () => {
    const submission = parseWithZod(form({ type: "trade", title: ` ${"x".repeat(90)}`, content: "The 1 hour chart misses a bar." }), {
      schema: feedbackSchema(t),
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toEqual({ type: "trade", title: "x".repeat(79), content: "The 1 hour chart misses a bar." });
  });

  it("gives the inputs the browser's own limits", () => {
    expect(getZodConstraint(feedbackSchema(t))).toMatchObject({
      type: { required: true },
      title: { required: true, maxLength: 80 },
      content: { required: true, minLength: 10, maxLength: 2000 },
    });
  });
});

describe("passwordSchema", () => {
  it("asks for the current and the new password; the repeat is compared only once there is a new one", () => {
    expect(errors(passwordSchema(t), {})).toEqual({
      old_password: ["check.old_password_required"],
      new_password: ["check.password_required"],
    });
  });

  it("a new password under 6 characters is too simple; a different repeat does not match", () => {
    expect(errors(passwordSchema(t), { old_password: "Old2026x", new_password: "abc12", secondary_password: "abc13" })).toEqual({
      new_password: ["check.password_simple"],
      secondary_password: ["check.password_mismatch"],
    });
    expect(errors(passwordSchema(t), { old_password: "Old2026x", new_password: "Newpass2026" })).toEqual({
      secondary_password: ["check.password_mismatch"],
    });
  });

  it("passes the three passwords as typed (not trimmed: a space is part of a password)", () => {
    const submission = parseWithZod(form({ old_password: " Old2026x", new_password: "Newpass2026", secondary_password: "Newpass2026" }), {
      schema: passwordSchema(t),
    });
    expect(submission.status === "success" && submission.value).toEqual({
      old_password: " Old2026x",
      new_password: "Newpass2026",
      secondary_password: "Newpass2026",
    });
  });
});

describe("googleSchema", () => {
  it("asks for the code, then for its 6 digits", () => {
    expect(errors(googleSchema(t), { google_switch: "1" })).toEqual({ google_code: ["google.codeRequired"] });
    expect(errors(googleSchema(t), { google_switch: "1", google_code: "12345" })).toEqual({ google_code: ["google.codeFormat"] });
    expect(errors(googleSchema(t), { google_switch: "1", google_code: "12345a" })).toEqual({ google_code: ["google.codeFormat"] });
  });

  it("turns off only on an explicit 0; the code is trimmed", () => {
    const value = (entries: Record<string, string>) => {
      const submission = parseWithZod(form(entries), { schema: googleSchema(t) });
      return submission.status === "success" ? submission.value : null;
    };
    expect(value({ google_switch: "0", google_code: " 123456 " })).toEqual({ google_switch: 0, google_code: "123456", password: "" });
    expect(value({ google_switch: "x", google_code: "123456" })).toEqual({ google_switch: 1, google_code: "123456", password: "" });
    // Binding sends the login password as typed (the exchange says when it is missing or wrong).
    expect(value({ google_code: "123456", password: " Trade2026 " })).toEqual({
      google_switch: 1,
      google_code: "123456",
      password: " Trade2026 ",
    });
  });
});

describe("bindSchema", () => {
  it("an email: empty, too long (over 20), malformed; the code required and at most 16", () => {
    expect(errors(bindSchema(t, "email"), {})).toEqual({ value: ["check.email_empty"], code: ["check.code_required"] });
    expect(errors(bindSchema(t, "email"), { value: "someone.long@example.com", code: "12345678901234567" })).toEqual({
      value: ["check.email_too_long"],
      code: ["check.code_invalid"],
    });
    expect(errors(bindSchema(t, "email"), { value: "not-an-email", code: "123456" })).toEqual({ value: ["check.email_invalid"] });
  });

  it("a phone: empty, malformed; its country code kept when it is an id", () => {
    expect(errors(bindSchema(t, "mobile"), { code: "123456" })).toEqual({ value: ["check.phone_empty"] });
    expect(errors(bindSchema(t, "mobile"), { value: "12ab", code: "123456" })).toEqual({ value: ["check.phone_invalid"] });
    const submission = parseWithZod(form({ value: " 15112345678 ", area_id: "3", code: " 123456 " }), { schema: bindSchema(t, "mobile") });
    expect(submission.status === "success" && submission.value).toEqual({ value: "15112345678", area_id: 3, code: "123456", password: "" });
  });

  it("an email binding ignores a country code; a bad one is none", () => {
    const email = parseWithZod(form({ value: "a@b.co", area_id: "3", code: "1" }), { schema: bindSchema(t, "email") });
    expect(email.status === "success" && email.value.area_id).toBeUndefined();
    const bad = parseWithZod(form({ value: "15112345678", area_id: "x", code: "1" }), { schema: bindSchema(t, "mobile") });
    expect(bad.status === "success" && bad.value.area_id).toBeUndefined();
  });

  it("sending the code checks only the address", () => {
    expect(errors(bindSendCodeSchema(t, "mobile"), {})).toEqual({ value: ["check.phone_empty"] });
    expect(errors(bindSendCodeSchema(t, "email"), { value: "a@b.co" })).toEqual({});
  });
});

describe("collection methods", () => {
  const file = (size: number) => new File(["x".repeat(size)], "qr.png", { type: "image/png" });
  function withFile(entries: Record<string, string>, qr?: File) {
    const fd = form(entries);
    if (qr) fd.append("qrcode_file", qr);
    return fd;
  }

  it("a wallet needs its real name, account and a QR code: a new image or the one kept", () => {
    expect(errors(walletMethodSchema(t), {})).toEqual({
      real_name: ["check.real_name_required"],
      account: ["check.pay_account_required"],
      qrcode_file: ["check.qrcode_required"],
    });
    expect(parseWithZod(withFile({ real_name: "A", account: "a@pay" }, file(0)), { schema: walletMethodSchema(t) }).status).toBe("error");
    expect(parseWithZod(withFile({ real_name: "A", account: "a@pay" }, file(10)), { schema: walletMethodSchema(t) }).status).toBe(
      "success",
    );
    expect(errors(walletMethodSchema(t), { real_name: "A", account: "a@pay", qrcode: "/uploads/1/a.png" })).toEqual({});
  });

  it("a bank card needs every field, the number in digits, spaces and dashes", () => {
    expect(errors(bankMethodSchema(t), {})).toEqual({
      real_name: ["check.real_name_required"],
      bank_name: ["check.bank_name_required"],
      bank_address: ["check.bank_branch_required"],
      card_no: ["check.card_no_required"],
    });
    const entries = { real_name: "A", bank_name: "Example Bank", bank_address: "Main Street" };
    expect(errors(bankMethodSchema(t), { ...entries, card_no: "6222 0001-0002" })).toEqual({});
    expect(errors(bankMethodSchema(t), { ...entries, card_no: "6222x" })).toEqual({ card_no: ["check.card_no_invalid"] });
  });
});

describe("identitySchema", () => {
  const image = new File(["x"], "front.png", { type: "image/png" });

  it("asks for the name, the ID number and both sides of the ID; the photo holding it is optional", () => {
    expect(errors(identitySchema(t), {})).toEqual({
      name: ["check.real_name_required"],
      card_id: ["check.card_id_required"],
      front_pic_file: ["check.front_pic_required"],
      reverse_pic_file: ["check.reverse_pic_required"],
    });
  });

  it("an ID number is letters, digits and dashes; an image uploaded on an earlier try counts", () => {
    const fd = form({ name: "Alice Example", card_id: "X12 34", reverse_pic: "/uploads/1/back.png" });
    fd.append("front_pic_file", image);
    const submission = parseWithZod(fd, { schema: identitySchema(t) });
    expect(submission.status === "error" && submission.error).toEqual({ card_id: ["check.card_id_invalid"] });
  });
});
