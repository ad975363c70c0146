import { describe, expect, it } from "vitest";
import { leverTabOf, tabQuery } from "./tabs";

describe("lever history tabs", () => {
  it("maps each tab to its status code", () => {
    expect(tabQuery("current", 3)).toEqual({ call: "dealall" });
    expect(tabQuery("positions", 3)).toEqual({ call: "my_trade", status: 1 });
    expect(tabQuery("pending", 3)).toEqual({ call: "my_trade", status: 0 });
    expect(tabQuery("closed", 3)).toEqual({ call: "my_trade", status: 3 });
    expect(tabQuery("cancelled", 3)).toEqual({ call: "my_trade", status: 4 });
    expect(tabQuery("delegation", 3)).toEqual({
      call: "my_trade",
      status: 0,
      currency_match_id: 3,
    });
  });
  it("defaults to current positions", () => {
    expect(leverTabOf(null)).toBe("current");
    expect(leverTabOf("nonsense")).toBe("current");
    expect(leverTabOf("closed")).toBe("closed");
  });
});
