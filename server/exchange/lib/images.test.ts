import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, cleanImage, sniffImage } from "./images";

const picture = (format: "jpeg" | "png" | "webp", width = 40, height = 30) => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return image[format]().toBuffer();
};

describe("image uploads", () => {
  it.each(["jpeg", "png", "webp"] as const)("accepts a %s and encodes it again in the same format", async (format) => {
    const answer = await cleanImage(await picture(format));
    expect(answer).toMatchObject({ ok: true, format, width: 40, height: 30 });
    if (answer.ok) expect(sniffImage(answer.data)).toBe(format);
  });

  it("drops metadata such as GPS position and the camera", async () => {
    const withExif = await sharp(await picture("jpeg"))
      .withExif({ IFD0: { Make: "SpyCam", Model: "X1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const answer = await cleanImage(withExif);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    const meta = await sharp(answer.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(answer.data.includes(Buffer.from("SpyCam"))).toBe(false);
  });

  it("refuses HTML and SVG whatever they are called, and bytes that only start like an image", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html]);
    for (const bytes of [svg, html, fakePng, Buffer.alloc(0)]) {
      expect(await cleanImage(bytes)).toEqual({ ok: false, reason: "image_type" });
    }
    // A GIF is an image, but not one of the three kinds taken.
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect(await cleanImage(gif)).toEqual({ ok: false, reason: "image_type" });
  });

  it("refuses more than 5 MB before decoding, and more than 40 megapixels", async () => {
    const big = Buffer.concat([await picture("png"), Buffer.alloc(IMAGE_MAX_BYTES)]);
    expect(await cleanImage(big)).toEqual({ ok: false, reason: "image_too_large" });
    // 8000 × 5001 = 40,008,000 pixels, a small file of one colour.
    const huge = await picture("png", 8000, 5001);
    expect(huge.length).toBeLessThan(IMAGE_MAX_BYTES);
    expect(await cleanImage(huge)).toEqual({ ok: false, reason: "image_too_many_pixels" });
  });
});
