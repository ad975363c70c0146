/**
 * The two themes' colours as plain values: the theme contract's (styles/theme.css.ts) and, where a page's CSS does
 * not reach, an image's own (the server's chart image, features/trade/candles-svg).
 */
export const darkColors = {
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
};

export const lightColors = {
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
};
