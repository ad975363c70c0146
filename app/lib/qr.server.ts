import QRCode from "qrcode";

const drawn = new Map<string, Promise<string>>();

/**
 * QR codes are drawn on the server as inline SVG. Kept in a .server module: imported from a
 * route file, the qrcode package was bundled into every page's first-load JavaScript.
 * The few texts a site encodes (download and service links) are drawn once per process.
 */
export function qrSvg(text: string, width = 96): Promise<string> {
  const key = `${width}|${text}`;
  let svg = drawn.get(key);
  if (!svg) {
    if (drawn.size >= 64) drawn.clear();
    svg = QRCode.toString(text, { type: "svg", margin: 1, width, errorCorrectionLevel: "M" });
    svg.catch(() => drawn.delete(key));
    drawn.set(key, svg);
  }
  return svg;
}

/** A QR code for a text that must not stay in memory (an authenticator secret): drawn each time, never kept. */
export function qrSvgOnce(text: string, width = 96): Promise<string> {
  return QRCode.toString(text, { type: "svg", margin: 1, width, errorCorrectionLevel: "M" });
}
