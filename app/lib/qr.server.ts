import QRCode from "qrcode";

/**
 * QR codes are drawn on the server as inline SVG. Kept in a .server module: imported from a
 * route file, the qrcode package was bundled into every page's first-load JavaScript.
 */
export function qrSvg(text: string, width = 96): Promise<string> {
  return QRCode.toString(text, { type: "svg", margin: 1, width, errorCorrectionLevel: "M" });
}
