import { assignVars, createTheme, createThemeContract, style } from "@vanilla-extract/css";

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

const dark = {
  color: {
    bg: "#0b0e11",
    surface: "#161a1e",
    surface2: "#1e2329",
    border: "#2b3139",
    text: "#eaecef",
    muted: "#9aa4b1",
    accent: "#f0b90b",
    accentStrong: "#f0b90b",
    accentText: "#181a20",
    up: "#2ebd85",
    down: "#f85f73",
    signalText: "#0b0e11",
    focus: "#fcd535",
    link: "#f0b90b",
    danger: "#ff6b7f",
    overlay: "rgba(0,0,0,0.6)",
  },
  font,
  radius,
};

const light = {
  color: {
    bg: "#ffffff",
    surface: "#f5f5f5",
    surface2: "#eaecef",
    border: "#d5d9de",
    text: "#1e2329",
    // 4.9:1 even on the border grey (the own chat bubble); 5.9:1 on surface2.
    muted: "#525a67",
    accent: "#f0b90b",
    // The yellow accent is 1.6:1 on the light surfaces: as text (a countdown) or a line (the chart), this amber.
    accentStrong: "#8a5a00",
    accentText: "#181a20",
    up: "#007a4d",
    down: "#c72c41",
    signalText: "#ffffff",
    focus: "#1f5fbf",
    link: "#8a5a00",
    danger: "#b3261e",
    overlay: "rgba(0,0,0,0.45)",
  },
  font,
  radius,
};

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
