import { qrSvg } from "./qr.server";

describe("qrSvg", () => {
  it("draws an SVG for the text", async () => {
    const svg = await qrSvg("https://example.com/app?platform=android");
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(svg).toContain("<path");
  });
});
