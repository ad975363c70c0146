import { assignVars, createTheme, createThemeContract, style } from "@vanilla-extract/css";
import { darkColors, lightColors } from "./palette";

/** One contract, two themes. Colours chosen for WCAG AA text contrast on their backgrounds (signalText: text on up/down). */
export const vars = createThemeContract({
  color: {
    bg: null,
    surface: null,
    surface2: null,
    border: null,
    text: null,
    muted: null,
    accent: null,
    /** The accent where it must read as text or as a line on the page's surfaces (4.5:1 as text, 3:1 as a graphic). */
    accentStrong: null,
    accentText: null,
    up: null,
    down: null,
    signalText: null,
    focus: null,
    link: null,
    danger: null,
    overlay: null,
  },
  font: { body: null, mono: null },
  radius: { sm: null, md: null },
});

const font = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", "Hiragino Sans", "Malgun Gothic", sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
};
const radius = { sm: "4px", md: "8px" };

const dark = { color: darkColors, font, radius };
const light = { color: lightColors, font, radius };

export const darkTheme = createTheme(vars, dark);
export const lightTheme = createTheme(vars, light);
/**
 * Until the person picks a theme (the `theme` cookie), the system's: dark, or light where the system prefers light.
 * Plain CSS, so the server's first paint is already right without JavaScript.
 */
export const systemTheme = style({
  vars: assignVars(vars, dark),
  "@media": { "(prefers-color-scheme: light)": { vars: assignVars(vars, light) } },
});
