import { contentSecurityPolicy, isCrossSite } from "./security";

describe("isCrossSite", () => {
  it("lets same-origin posts and safe methods through", () => {
    expect(isCrossSite("POST", { origin: "http://localhost:3000", host: "localhost:3000" }, false)).toBe(false);
    expect(isCrossSite("GET", { origin: "https://evil.example", host: "localhost:3000", "sec-fetch-site": "cross-site" }, false)).toBe(false);
    expect(isCrossSite("POST", { host: "localhost:3000" }, false)).toBe(false);
  });
  it("refuses a post from another site", () => {
    expect(isCrossSite("POST", { origin: "https://evil.example", host: "localhost:3000" }, false)).toBe(true);
    expect(isCrossSite("POST", { host: "localhost:3000", "sec-fetch-site": "cross-site" }, false)).toBe(true);
    expect(isCrossSite("POST", { origin: "null", host: "localhost:3000" }, false)).toBe(true);
  });
  it("uses X-Forwarded-Host only behind a trusted proxy", () => {
    const h = { origin: "https://ex.example", host: "127.0.0.1:3000", "x-forwarded-host": "ex.example" };
    expect(isCrossSite("POST", h, true)).toBe(false);
    expect(isCrossSite("POST", h, false)).toBe(true);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows only nonced inline scripts and forbids plugins and framing", () => {
    const csp = contentSecurityPolicy("abc");
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
