import { parseWithZod } from "@conform-to/zod";
import { orderSchema } from "./schema";

const t = (key: string, o?: Record<string, unknown>) =>
  key.endsWith("Decimals") && o?.decimals !== undefined ? `${key}:${o.decimals}` : key;
function form(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ intent: "buy", type: "limit", currency_match_id: "1", ...fields })) fd.set(k, v);
  return fd;
}

describe("orderSchema", () => {
  it("asks for the price and the quantity of a limit order", () => {
    const r = parseWithZod(form({}), { schema: orderSchema(t) });
    expect(r.status).toBe("error");
    expect(r.reply().error).toEqual({ price: ["errors.priceRequired"], number: ["errors.quantityRequired"] });
  });

  it("checks the price decimals of the pair and the quantity scale", () => {
    const r = parseWithZod(form({ price: "64000.123", number: "0.1234567" }), { schema: orderSchema(t, { decimals: 2 }) });
    expect(r.reply().error).toEqual({ price: ["errors.priceDecimals:2"], number: ["errors.quantityDecimals"] });
  });

  it("a market order needs no price, but a best price when the browser knows there is none", () => {
    expect(parseWithZod(form({ type: "market", number: "1" }), { schema: orderSchema(t) }).status).toBe("success");
    const r = parseWithZod(form({ type: "market", number: "1" }), { schema: orderSchema(t, { bestPrice: null }) });
    expect(r.reply().error).toEqual({ price: ["errors.noBestPrice"] });
  });

  it("accepts a valid order", () => {
    const r = parseWithZod(form({ price: "64000.12", number: "0.01", idempotency_key: "k" }), { schema: orderSchema(t, { decimals: 2 }) });
    expect(r.status).toBe("success");
    if (r.status === "success")
      expect(r.value).toMatchObject({ intent: "buy", type: "limit", currency_match_id: 1, price: "64000.12", number: "0.01" });
  });

  it("takes a limit order's time in force, good till cancelled when absent, and refuses an unknown one on its field", () => {
    const schema = orderSchema(t, { decimals: 2 });
    const value = (fields: Record<string, string>) => {
      const r = parseWithZod(form({ price: "64000.12", number: "0.01", ...fields }), { schema });
      return r.status === "success" ? r.value.time_in_force : r.reply().error;
    };
    expect(value({})).toBe("gtc");
    expect(value({ time_in_force: "ioc" })).toBe("ioc");
    expect(value({ time_in_force: "post_only" })).toBe("post_only");
    expect(value({ time_in_force: "day" })).toEqual({ time_in_force: ["errors.timeInForceInvalid"] });
  });
});
