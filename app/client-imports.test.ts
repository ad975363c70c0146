import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Code that reaches the browser must not import server-only modules: the classic compiler
 * silently empties a `.server` module imported by client code, and a server package imported
 * there lands in every page's first-load JavaScript (qrcode once did, 9.5 KB gz). Route modules
 * may import them for loaders and actions, which the compiler strips from the browser build.
 */
const SERVER_ONLY = [/\.server(\.tsx?)?["']/, /["']node:/, /["'](qrcode|sanitize-html|better-sqlite3|ws|i18next|react-i18next|remix-i18next\/server)["']/];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.tsx?$/.test(name) && !/\.(test|server)\.tsx?$/.test(name) && !name.includes(".test-utils") ? [p] : [];
  });
}

describe("browser code", () => {
  const clientFiles = [...files("app/components"), ...files("app/lib"), "app/entry.client.tsx"].filter((f) => !f.endsWith(".server.ts"));
  it.each(clientFiles)("%s imports nothing server-only", (file) => {
    const imports = readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => /^\s*(import|export)\b.*from\s+["']/.test(l) && !/^\s*import\s+type\b/.test(l));
    const bad = imports.filter((l) => SERVER_ONLY.some((re) => re.test(l)));
    expect(bad).toEqual([]);
  });
});
