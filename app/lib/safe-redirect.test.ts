import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps local paths and refuses others", () => {
    expect(safeRedirect("/markets?tab=BTC")).toBe("/markets?tab=BTC");
    expect(safeRedirect("//evil.com")).toBe("/home");
    expect(safeRedirect("https://evil.com")).toBe("/home");
    expect(safeRedirect("/\\evil.com")).toBe("/home");
    expect(safeRedirect(null, "/login")).toBe("/login");
  });
});
