import { preferenceCookie, readCookie } from "./cookies";

export type Theme = "dark" | "light";

/** A plain cookie, read by the server so the first paint already has the chosen theme (dark by default). */
export function getTheme(request: Request): Theme {
  return readCookie(request.headers.get("Cookie"), "theme") === "light" ? "light" : "dark";
}

export function themeCookie(theme: Theme): string {
  return preferenceCookie("theme", theme);
}
