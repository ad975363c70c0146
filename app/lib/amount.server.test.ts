import { describe, expect, it } from "vitest";
import { usdText } from "./amount.server";

describe("usdText (the header's total of all accounts)", () => {
  it("is the one amount format, in every language's separators, cents kept", () => {
    expect(usdText("4800", "en")).toBe("4,800.00 USD");
    expect(usdText("1234567.8", "de")).toBe("1.234.567,80 USD");
    // Spanish and Polish group thousands too (as every other amount on the site), and never with the decimal comma.
    expect(usdText("4800.5", "es")).toBe("4.800,50 USD");
    expect(usdText("4800.5", "pl")).toBe("4\u00a0800,50 USD");
    expect(usdText("4800.5", "fr")).toBe("4\u202f800,50 USD");
    expect(usdText("0.00", "jp")).toBe("0.00 USD");
  });
});
