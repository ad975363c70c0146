import { describe, expect, it } from "vitest";
import { appDownloadLinks } from "./app-links";

describe("appDownloadLinks", () => {
  it("gives one link per platform from an http(s) address, keeping its own query", () => {
    expect(appDownloadLinks("https://example.com/app?ref=home")).toEqual([
      { platform: "android", url: "https://example.com/app?ref=home&platform=android" },
      { platform: "ios", url: "https://example.com/app?ref=home&platform=ios" },
    ]);
    expect(appDownloadLinks("HTTP://example.com/app")).toHaveLength(2);
  });

  it("gives none for an unset setting or another scheme", () => {
    for (const v of [null, undefined, "", 1, "javascript:alert(1)", "ftp://example.com/app", "example.com/app", "https://"])
      expect(appDownloadLinks(v)).toEqual([]);
  });
});
