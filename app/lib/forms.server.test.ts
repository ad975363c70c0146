import { describe, expect, it } from "vitest";
import { FIGURE_FIELDS } from "./figure-fields";
import { postedForm, withDecimalPoints } from "./forms.server";

describe("a posted form's figures", () => {
  it("reads a comma in a figure field as the decimal point, and leaves every other field as typed", () => {
    const form = new FormData();
    form.append("intent", "buy");
    form.append("price", "67000,5");
    form.append("number", "0,01");
    form.append("password", "se,cret");
    form.append("memo", "1,5");
    const read = withDecimalPoints(form);
    expect([...read]).toEqual([
      ["intent", "buy"],
      ["price", "67000.5"],
      ["number", "0.01"],
      ["password", "se,cret"],
      ["memo", "1,5"],
    ]);
  });

  it("keeps a file as it is, and hands back the same form when no figure has a comma", () => {
    const form = new FormData();
    form.append("amount", "12.5");
    form.append("front", new File(["x"], "front.png", { type: "image/png" }));
    expect(withDecimalPoints(form)).toBe(form);
    form.append("value", "3,25");
    const read = withDecimalPoints(form);
    expect(read.get("value")).toBe("3.25");
    expect((read.get("front") as File).name).toBe("front.png");
  });

  it("reads the request's body the same way", async () => {
    const body = new URLSearchParams({ balance: "0,5", from: "change_account" });
    const form = await postedForm(new Request("http://x/assets/transfer", { method: "POST", body }));
    expect(form.get("balance")).toBe("0.5");
    expect(form.get("from")).toBe("change_account");
  });

  it("names no secret or free text as a figure", () => {
    for (const name of FIGURE_FIELDS) expect(name).not.toMatch(/password|code|memo|address|name|content/i);
  });
});
