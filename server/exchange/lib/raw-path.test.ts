import { describe, expect, it } from "vitest";
import { hasDotSegment } from "./raw-path";

describe("dot segments in a request path", () => {
  it("finds them however they are spelled", () => {
    for (const path of [
      "/api/../addr/GetDrawAddress",
      "/api/./../addr/GetDrawAddress",
      "/api/%2e%2e/addr/GetDrawAddress",
      "/api/%2E%2E/addr/GetDrawAddress",
      "/api/.%2e/addr/GetDrawAddress",
      "/api/%2e./addr/GetDrawAddress",
      "/api/%252e%252e/addr/GetDrawAddress",
      "/api/..%2faddr/GetDrawAddress",
      "/api/..%2Faddr/GetDrawAddress",
      "/api/..\\addr/GetDrawAddress",
      "/api/..%5caddr/GetDrawAddress",
      "/api/%2e%2e%5caddr/GetDrawAddress",
      "/api/.",
      "/api/..",
      "/..",
      "http://host/api/../addr/GetDrawAddress",
      "/api/../addr/GetDrawAddress?x=1",
    ])
      expect(hasDotSegment(path), path).toBe(true);
  });

  it("leaves every other path alone, and the query string is not a path", () => {
    for (const path of [
      "/",
      "/api/news/list?category_id=3&page=1",
      "/api/uploads/0123456789abcdef0123456789abcdef.png",
      "/build/_shared/chunk-ABC.js",
      "/.well-known/security.txt",
      "/api/...",
      "/api/a..b",
      "/trade?symbol=../../etc",
      "/login?page=%2F..%2Fx",
    ])
      expect(hasDotSegment(path), path).toBe(false);
  });
});
