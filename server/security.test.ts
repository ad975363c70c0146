import express from "express";
import type { Request } from "express";
import { contentSecurityPolicy, isCrossSite, requestSite } from "./security";

const local = { protocol: "http", host: "localhost:3000" };

describe("isCrossSite", () => {
  it("lets same-origin posts and safe methods through", () => {
    expect(isCrossSite("POST", { origin: "http://localhost:3000" }, local)).toBe(false);
    expect(isCrossSite("POST", { referer: "http://localhost:3000/login?page=%2Fhome" }, local)).toBe(false);
    expect(isCrossSite("GET", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }, local)).toBe(false);
    // Tools that send neither Origin nor Referer.
    expect(isCrossSite("POST", {}, local)).toBe(false);
    // Default ports are the same origin.
    expect(isCrossSite("POST", { origin: "https://ex.example" }, { protocol: "https", host: "ex.example:443" })).toBe(false);
  });
  it("refuses a post from another site", () => {
    expect(isCrossSite("POST", { origin: "https://evil.example" }, local)).toBe(true);
    expect(isCrossSite("POST", { "sec-fetch-site": "cross-site" }, local)).toBe(true);
    expect(isCrossSite("POST", { origin: "null" }, local)).toBe(true);
    expect(isCrossSite("POST", { origin: "not a url" }, local)).toBe(true);
  });
  it("compares the scheme too, not the host alone", () => {
    expect(isCrossSite("POST", { origin: "https://localhost:3000" }, local)).toBe(true);
    expect(isCrossSite("POST", { origin: "http://ex.example" }, { protocol: "https", host: "ex.example" })).toBe(true);
  });
  it("reads the Referer when there is no Origin", () => {
    expect(isCrossSite("POST", { referer: "http://evil.example/page" }, local)).toBe(true);
    expect(isCrossSite("POST", { referer: "https://localhost:3000/page" }, local)).toBe(true);
    // The Origin wins over the Referer.
    expect(isCrossSite("POST", { origin: "http://localhost:3000", referer: "http://evil.example/" }, local)).toBe(false);
  });
});

describe("requestSite", () => {
  function req(trustProxy: string | boolean, remoteAddress: string, headers: Record<string, string>, encrypted = false): Request {
    const app = express();
    app.set("trust proxy", trustProxy);
    return { app, socket: { remoteAddress, encrypted }, headers } as unknown as Request;
  }
  const forwarded = { host: "127.0.0.1:3000", "x-forwarded-host": "ex.example", "x-forwarded-proto": "https" };

  it("takes X-Forwarded-Host and -Proto from the trusted proxy", () => {
    expect(requestSite(req("loopback", "127.0.0.1", forwarded))).toEqual({ protocol: "https", host: "ex.example" });
    expect(requestSite(req("10.0.0.5", "10.0.0.5", { ...forwarded, "x-forwarded-host": "ex.example, other" }))).toEqual({
      protocol: "https",
      host: "ex.example",
    });
  });
  it("ignores them from anyone else, even when a proxy is configured", () => {
    expect(requestSite(req("10.0.0.5", "127.0.0.1", forwarded))).toEqual({ protocol: "http", host: "127.0.0.1:3000" });
    expect(requestSite(req("loopback", "203.0.113.9", forwarded))).toEqual({ protocol: "http", host: "127.0.0.1:3000" });
    expect(requestSite(req(false, "127.0.0.1", forwarded))).toEqual({ protocol: "http", host: "127.0.0.1:3000" });
    expect(requestSite(req(false, "127.0.0.1", { host: "ex.example" }, true))).toEqual({ protocol: "https", host: "ex.example" });
  });
  it("so a direct client cannot pass a forged Origin by forging X-Forwarded-Host", () => {
    const h = { origin: "http://evil.example", host: "ex.example", "x-forwarded-host": "evil.example" };
    expect(isCrossSite("POST", h, requestSite(req("10.0.0.5", "203.0.113.9", h)))).toBe(true);
    expect(isCrossSite("POST", { origin: "https://ex.example" }, requestSite(req("10.0.0.5", "10.0.0.5", forwarded)))).toBe(false);
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
