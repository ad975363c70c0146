import { preferenceCookie, readCookie } from "./cookies";
import type { ThemeSetting } from "./theme";

export type Theme = "dark" | "light";

/**
 * A plain cookie, read by the server so the first paint already has the chosen theme. Without one the page follows
 * the system's light or dark preference (`system`: CSS picks it, no JavaScript needed).
 */
export function getTheme(request: Request): ThemeSetting {
  const cookie = readCookie(request.headers.get("Cookie"), "theme");
  return cookie === "light" || cookie === "dark" ? cookie : "system";
}

export function themeCookie(theme: Theme): string {
  return preferenceCookie("theme", theme);
}
