import { describe, expect, it } from "vitest";
import { qrImageUrl, qrVersion } from "./qr-image.server";

describe("qrImageUrl", () => {
  it("names the code and the link's version, the same for the same link", () => {
    const url = qrImageUrl("service", "https://support.example.com/chat");
    expect(url).toMatch(/^\/resources\/qr\/service\?v=[0-9a-z]+$/);
    expect(qrImageUrl("service", "https://support.example.com/chat")).toBe(url);
  });

  it("gives another URL when the link changes, by one character or by its user", () => {
    const base = "https://support.example.com/chat";
    const versions = new Set(
      [
        base,
        `${base}?uid=1&account=a%40example.com`,
        `${base}?uid=2&account=a%40example.com`,
        `${base}?uid=1&account=b%40example.com`,
        "https://support.example.com/chaT",
      ].map(qrVersion),
    );
    expect(versions.size).toBe(5);
  });
});
