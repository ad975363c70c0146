import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { leverOrderSchema, stopsSchema } from "./schema";

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}${JSON.stringify(o)}` : key);

function errors(fields: Record<string, string>, withPassword = false) {
  const fd = new FormData();
  for (const [k, v] of Object.entries({
    intent: "review",
    currency_match_id: "1",
    type: "1",
    status: "1",
    multiple: "10",
    share: "1",
    ...fields,
  }))
    fd.set(k, v);
  const r = parseWithZod(fd, { schema: leverOrderSchema(t, { decimals: 2, withPassword }) });
  return r.status === "success" ? {} : r.reply().error;
}

describe("the lever order form (docs/product.md, /lever)", () => {
  it("a fixed price needs a price with the pair's decimals", () => {
    expect(errors({ status: "0", target_price: "" })).toMatchObject({ target_price: ["errors.priceRequired"] });
    expect(errors({ status: "0", target_price: "1.234" })).toMatchObject({ target_price: ['errors.priceInvalid{"decimals":2}'] });
    expect(errors({ status: "0", target_price: "0" })).toMatchObject({ target_price: ['errors.priceInvalid{"decimals":2}'] });
    expect(errors({ status: "1", target_price: "" })).toEqual({});
  });
  it("multiple from the offered list; hands 1 to 100; the password in the confirmation", () => {
    expect(errors({ multiple: "" })).toMatchObject({ multiple: ["errors.multipleRequired"] });
    expect(errors({ multiple: "7" })).toMatchObject({ multiple: ["errors.multipleRequired"] });
    expect(errors({ share: "" })).toMatchObject({ share: ["errors.handsRequired"] });
    expect(errors({ share: "0" })).toMatchObject({ share: ['errors.handsMin{"min":1}'] });
    expect(errors({ share: "1.5" })).toMatchObject({ share: ['errors.handsMin{"min":1}'] });
    expect(errors({ share: "101" })).toMatchObject({ share: ['errors.handsMax{"max":100}'] });
    expect(errors({})).toEqual({});
    expect(errors({}, true)).toMatchObject({ password: ["errors.passwordRequired"] });
    expect(errors({ password: "x" }, true)).toEqual({});
  });
  it("take-profit and stop-loss: empty or 0 or more, with the pair's decimals", () => {
    expect(errors({ target_profit_price: "", stop_loss_price: "0" })).toEqual({});
    expect(errors({ target_profit_price: "-1" })).toMatchObject({ target_profit_price: ['errors.stopInvalid{"decimals":2}'] });
    const fd = new FormData();
    for (const [k, v] of Object.entries({ intent: "setstop", id: "3", target_profit_price: "1e5", stop_loss_price: "12.5" })) fd.set(k, v);
    const r = parseWithZod(fd, { schema: stopsSchema(t, 2) });
    expect(r.status === "success" ? {} : r.reply().error).toEqual({ target_profit_price: ['errors.stopInvalid{"decimals":2}'] });
  });
});
