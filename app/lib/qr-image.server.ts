import { createHash } from "node:crypto";

/**
 * Where a QR code's image is (routes/resources.qr.$code): the code's name and the version of the link it encodes
 * (the first 12 hex digits of its SHA-256, as the strings' version is made), so the browser keeps one drawing per
 * link and a changed link is a new URL. A page shows `<img src={qrImageUrl(...)}>` instead of carrying the drawing.
 */
export function qrImageUrl(code: "service" | "android" | "ios", link: string): string {
  return `/resources/qr/${code}?v=${qrVersion(link)}`;
}

export function qrVersion(link: string): string {
  return createHash("sha256").update(link).digest("hex").slice(0, 12);
}
