import { createHash } from "node:crypto";
import type { KlineBar } from "~/contract/entities";
import { memoOn } from "~/lib/memo-on";
import { darkColors, lightColors } from "~/styles/palette";
import { candleGeometry, candlesSvgDocument, CHART_IMAGE_BOX, type ChartInk } from "./candles-svg";

const INK: Record<"dark" | "light", ChartInk> = {
  dark: { up: darkColors.up, down: darkColors.down, line: darkColors.accentStrong },
  light: { up: lightColors.up, down: lightColors.down, line: lightColors.accentStrong },
};

// Drawn once per set of bars (the exchange's answer, shared by every render for its half second), each document
// once per interval kind and theme.
const drawn = memoOn((bars: KlineBar[]) => {
  const g = candleGeometry(bars, CHART_IMAGE_BOX);
  const version = createHash("sha256")
    .update([g.upWicks, g.upBodies, g.downWicks, g.downBodies, g.line].join("|"))
    .digest("hex")
    .slice(0, 12);
  return { g, version, documents: new Map<string, string>() };
});

/** The version of the drawing of these bars (a page's image URL names it), or null when there is nothing to draw. */
export function chartImageVersion(bars: KlineBar[]): string | null {
  const d = drawn(bars);
  return d.g.count === 0 ? null : d.version;
}

/** The drawing of these bars as an SVG document, in a theme's colours: candles, or the line of closes. */
export function chartImageSvg(bars: KlineBar[], line: boolean, theme: "dark" | "light"): string {
  const d = drawn(bars);
  const key = `${line}|${theme}`;
  let doc = d.documents.get(key);
  if (doc === undefined) {
    doc = candlesSvgDocument(d.g, line, INK[theme]);
    d.documents.set(key, doc);
  }
  return doc;
}
