import { describe, expect, it } from "vitest";
import { invariantResponse } from "./invariant.server";

describe("invariantResponse", () => {
  it("passes a true condition through", () => {
    expect(() => invariantResponse(1, "Not found", { status: 404 })).not.toThrow();
  });
  it("throws the HTTP answer for a false one", () => {
    try {
      invariantResponse(undefined, "Not found", { status: 404 });
      expect.unreachable();
    } catch (e) {
      expect(e).toMatchObject({ data: "Not found", init: { status: 404 } });
    }
  });
});
