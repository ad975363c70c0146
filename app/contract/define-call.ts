import type { z } from "zod";

/**
 * One /api/ call: method, path (below /api/), whether it needs `Authorization`, the payload schema
 * (query string for GET, JSON or form body for POST) and the schema of the envelope's `data`.
 * Custom issue messages are message keys of the exchange's locale namespace (`exchange.json`).
 */
export function defineCall<P extends z.ZodTypeAny, D extends z.ZodTypeAny>(c: {
  method: "GET" | "POST";
  path: string;
  auth: boolean;
  payload: P;
  data: D;
}) {
  return c;
}

type Method = "GET" | "POST";

/** A call of a signed-in user (it needs `Authorization`); the call tables list one a row. */
export function userCall<P extends z.ZodTypeAny, D extends z.ZodTypeAny>(method: Method, path: string, payload: P, data: D) {
  return defineCall({ method, path, auth: true, payload, data });
}

/** A call anyone may make, signed in or not. */
export function publicCall<P extends z.ZodTypeAny, D extends z.ZodTypeAny>(method: Method, path: string, payload: P, data: D) {
  return defineCall({ method, path, auth: false, payload, data });
}
