import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";

/** The theme a page wears: the one the person picked, or (none picked) the system's preference. */
export type ThemeSetting = "dark" | "light" | "system";

const LIGHT_QUERY = "(prefers-color-scheme: light)";

/** The theme the person picked, as the document's loader (app/root.tsx) gives it to every page. */
export function usePickedTheme(): ThemeSetting {
  const root = useRouteLoaderData("root") as { theme?: ThemeSetting } | undefined;
  return root?.theme ?? "system";
}

/** The theme that shows: `system` resolved by the browser's preference (dark on the server and before hydration). */
export function useResolvedTheme(setting: ThemeSetting): "dark" | "light" {
  const [prefersLight, setPrefersLight] = useState(false);
  useEffect(() => {
    if (setting !== "system" || typeof matchMedia === "undefined") return undefined;
    const query = matchMedia(LIGHT_QUERY);
    const update = () => setPrefersLight(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, [setting]);
  return setting === "system" ? (prefersLight ? "light" : "dark") : setting;
}

/** In the browser: the theme the document shows now (its `data-theme`, `system` resolved by the preference). */
export function documentTheme(): "dark" | "light" {
  const setting = document.documentElement.dataset.theme;
  if (setting === "light" || setting === "dark") return setting;
  return typeof matchMedia !== "undefined" && matchMedia(LIGHT_QUERY).matches ? "light" : "dark";
}
