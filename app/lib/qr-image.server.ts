/**
 * Where a QR code's image is (routes/resources.qr.$code): the code's name and the version of the link it encodes
 * (FNV-1a of the link), so the browser keeps one drawing per link and a changed link is a new URL. A page shows
 * `<img src={qrImageUrl(...)}>` instead of carrying the drawing.
 */
export function qrImageUrl(code: "service" | "android" | "ios", link: string): string {
  return `/resources/qr/${code}?v=${qrVersion(link)}`;
}

export function qrVersion(link: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < link.length; i++) h = Math.imul(h ^ link.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
