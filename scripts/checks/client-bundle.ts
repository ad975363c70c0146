/**
 * Checks of the built browser bundle, read from the metafile the Remix compiler writes (build/metafile.js.json):
 *
 * 1. No server-only code reaches the browser: no `node:` module, no server package, nothing from `server/`.
 * 2. Only route modules (and root) may import `.server` modules: the compiler strips their loaders and actions,
 *    and with them the use of those imports. Anywhere else the compiler silently empties the module and the
 *    browser gets `undefined`. The metafile records every import esbuild followed (multi-line, re-exports,
 *    dynamic `import()`), and none that TypeScript erased (`import type`).
 * 3. Screens that promise a light first load (forms whose schemas load after hydration) carry no zod, conform's
 *    zod adapter or decimal.js in the JavaScript they load before hydration.
 * 4. No chunk ships the empty stand-in of a `.server` module. The compiler's stand-in is marked free of side effects
 *    (scripts/patches/, decision 031), so a route's unused server imports leave nothing behind; without the mark each
 *    server module two routes share became a chunk of its own, about 0.1 KB a route downloaded for nothing.
 */

export type Metafile = {
  inputs: Record<string, { imports: Array<{ path: string; kind: string; original?: string }> }>;
  outputs: Record<string, { entryPoint?: string; imports: Array<{ path: string; kind: string }>; inputs: Record<string, unknown> }>;
};

const SERVER_PACKAGES = [
  "better-sqlite3",
  "qrcode",
  "sanitize-html",
  "ws",
  "i18next",
  "react-i18next",
  "remix-i18next/build/server",
  "ioredis",
  "rate-limiter-flexible",
  "express",
];
const HEAVY_PACKAGES = ["zod", "@conform-to/zod", "decimal.js"];

function packageOf(input: string): string | null {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?$/.exec(input);
  return m ? m[1] : null;
}

function isServerOnly(input: string): boolean {
  if (input.startsWith("node:") || /^server\//.test(input)) return true;
  if (/^app\/.*\.server\.tsx?$/.test(input)) return true;
  const pkg = packageOf(input);
  return !!pkg && SERVER_PACKAGES.some((p) => input.includes(`node_modules/${p}/`) || pkg === p);
}

function isRouteModule(input: string): boolean {
  return /^app\/routes\//.test(input) || input === "app/root.tsx";
}

/** Outputs loaded before hydration for a route: the route's chunk, root's and the entry's, with their static imports. */
export function firstLoadInputs(meta: Metafile, route: string): Set<string> {
  const starts = Object.entries(meta.outputs)
    .filter(
      ([, o]) =>
        o.entryPoint === `browser-route-module:routes/${route}.tsx?browser` ||
        o.entryPoint === "browser-route-module:root.tsx?browser" ||
        o.entryPoint === "app/entry.client.tsx",
    )
    .map(([name]) => name);
  if (!starts.some((s) => meta.outputs[s].entryPoint?.includes(`routes/${route}.tsx`)))
    throw new Error(`no browser chunk for route ${route}`);
  const seen = new Set<string>();
  const inputs = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const out = meta.outputs[name];
    if (!out) return;
    for (const i of Object.keys(out.inputs)) inputs.add(i);
    for (const imp of out.imports) if (imp.kind === "import-statement") visit(imp.path);
  };
  starts.forEach(visit);
  return inputs;
}

export function checkClientBundle(meta: Metafile, lightRoutes: readonly string[]): string[] {
  const problems: string[] = [];
  const shipped = new Set<string>();
  for (const out of Object.values(meta.outputs)) for (const i of Object.keys(out.inputs)) shipped.add(i);
  for (const i of shipped) if (isServerOnly(i)) problems.push(`server-only code in the browser bundle: ${i}`);
  for (const i of shipped)
    if (i.startsWith("empty-module:")) problems.push(`the empty stand-in of ${i.slice("empty-module:".length)} is shipped`);
  for (const [file, input] of Object.entries(meta.inputs)) {
    if (!file.startsWith("app/") || isRouteModule(file)) continue;
    for (const imp of input.imports) {
      if (imp.path.startsWith("empty-module:"))
        problems.push(`${file} imports the server module ${imp.original ?? imp.path}, which is empty in the browser`);
    }
  }
  for (const route of lightRoutes) {
    for (const i of firstLoadInputs(meta, route)) {
      const pkg = packageOf(i);
      if (pkg && HEAVY_PACKAGES.includes(pkg)) problems.push(`/${route}: ${pkg} in the first-load JavaScript`);
    }
  }
  return [...new Set(problems)];
}
