import sharp, { type Metadata } from "sharp";

/**
 * What `common/image_upload` accepts (identity documents, payment QR codes): JPEG, PNG or WebP judged by
 * the bytes (never the name or the declared type), at most 5 MB and 40 megapixels. The image is decoded
 * and encoded again, which turns it upright and drops every piece of metadata (GPS position, camera,
 * embedded thumbnails) and anything hidden after the picture. A renamed HTML or SVG file is refused.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 40_000_000;

export type ImageFormat = "jpeg" | "png" | "webp";
export const IMAGE_TYPES: Record<ImageFormat, { mime: string; ext: string }> = {
  jpeg: { mime: "image/jpeg", ext: "jpg" },
  png: { mime: "image/png", ext: "png" },
  webp: { mime: "image/webp", ext: "webp" },
};

export type ImageRefusal = "image_type" | "image_too_large" | "image_too_many_pixels";
export type CleanImage = { ok: true; data: Buffer; format: ImageFormat; width: number; height: number };

/** The format the first bytes announce, or null: the magic numbers of JPEG, PNG and WebP only. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  const at = (i: number, ...b: number[]) => b.every((v, k) => bytes[i + k] === v);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

export async function cleanImage(bytes: Buffer): Promise<CleanImage | { ok: false; reason: ImageRefusal }> {
  if (bytes.length > IMAGE_MAX_BYTES) return { ok: false, reason: "image_too_large" };
  const sniffed = sniffImage(bytes);
  if (!sniffed) return { ok: false, reason: "image_type" };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: "image_type" };
  }
  // The decoder must agree with the magic number (a PNG header glued to something else is not a PNG).
  if (meta.format !== sniffed || !meta.width || !meta.height) return { ok: false, reason: "image_type" };
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) return { ok: false, reason: "image_too_many_pixels" };
  try {
    const pipeline = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" }).rotate();
    const encoded =
      sniffed === "jpeg"
        ? pipeline.jpeg({ quality: 88, mozjpeg: true })
        : sniffed === "png"
          ? pipeline.png({ compressionLevel: 8 })
          : pipeline.webp({ quality: 88 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, data, format: sniffed, width: info.width, height: info.height };
  } catch {
    return { ok: false, reason: "image_type" };
  }
}
