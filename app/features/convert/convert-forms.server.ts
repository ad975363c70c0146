import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { ConvertQuoteSchema, type ConvertQuote } from "~/contract/money";
import { quoteSchema, type ConvertCurrency, type Translate } from "./convert-schema";

/** The server's side of /convert: parsing and constraints, so the route's browser build has no static zod import. */
export function parseQuote(formData: FormData, t: Translate, currencies: ConvertCurrency[]) {
  return parseWithZod(formData, { schema: quoteSchema(t, currencies) });
}

/** conform's constraint object (plain JSON for the loader); constraints carry no messages. */
export function quoteConstraint() {
  return getZodConstraint(quoteSchema((k) => k, []));
}

/** The fresh quote an expired convert/execute answers with (code 0 + data), when it is one. */
export function freshQuote(data: unknown): ConvertQuote | null {
  const parsed = ConvertQuoteSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** Rates and the spread as the screen shows them (decimal.js, on the server only). */
export { formatRate, inverseRate, spreadPercent } from "./rules";
export { pagerOf, parsePage } from "~/lib/pager";
