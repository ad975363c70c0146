import type { KlineBar } from "~/contract/entities";
import { darkColors, lightColors } from "~/styles/palette";
import { chartImageSvg, chartImageVersion } from "./chart-image.server";

const bar = (time: number, open: string, close: string): KlineBar => ({
  time,
  open,
  high: "20",
  low: "1",
  close,
  volume: "1",
  period: "1min",
});

describe("the server's chart image", () => {
  it("names a drawing by a version: the same bars give the same, other bars another, none has none", () => {
    const bars = [bar(1, "10", "15"), bar(2, "15", "10")];
    const v = chartImageVersion(bars);
    expect(v).toMatch(/^[0-9a-f]{12}$/);
    expect(chartImageVersion([...bars])).toBe(v);
    expect(chartImageVersion([bars[0]!, bar(2, "15", "11")])).not.toBe(v);
    expect(chartImageVersion([])).toBeNull();
  });

  it("is drawn in the theme's colours", () => {
    const bars = [bar(1, "10", "15"), bar(2, "15", "10")];
    const dark = chartImageSvg(bars, false, "dark");
    expect(dark).toContain(`stroke="${darkColors.up}"`);
    expect(dark).toContain(`stroke="${darkColors.down}"`);
    const light = chartImageSvg(bars, false, "light");
    expect(light).toContain(`stroke="${lightColors.up}"`);
    expect(light).not.toContain(darkColors.up);
    expect(chartImageSvg(bars, true, "light")).toContain(`stroke="${lightColors.accentStrong}"`);
    // Once per set of bars and theme: the same document again.
    expect(chartImageSvg(bars, false, "dark")).toBe(dark);
  });
});
