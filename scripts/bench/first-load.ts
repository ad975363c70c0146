import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/**
 * The JavaScript each screen's first load fetches before it hydrates, gzipped: the entry's files and those of the
 * route and its parents (module and static imports), each file once, read from the build's assets manifest
 * (`npm run build` first). Screens that draw the price chart may load up to 200 KB, the others 100 KB.
 */

export type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
};

/** The pair screens, whose chart is part of what the screen is for. */
export const CHART_SCREENS = ["routes/trade", "routes/lever", "routes/second"];
export const GOAL_KB = { withChart: 200, withoutChart: 100 };

/** Each screen's first-load bytes, largest first. `isScreen` tells a route that renders a page from a resource route. */
export function firstLoads(manifest: Manifest, sizeOf: (file: string) => number, isScreen: (route: string) => boolean) {
  const rows: Array<{ route: string; bytes: number }> = [];
  for (const id of Object.keys(manifest.routes)) {
    if (!isScreen(id)) continue;
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (let r: Manifest["routes"][string] | undefined = manifest.routes[id]; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
    }
    let bytes = 0;
    for (const f of files) bytes += sizeOf(f);
    rows.push({ route: id, bytes });
  }
  return rows.sort((a, b) => b.bytes - a.bytes);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The figures with their goals: the chart screens one by one, then the others' largest and how many are over. */
export function firstLoadLines(rows: Array<{ route: string; bytes: number }>): string[] {
  const chart = rows.filter((r) => CHART_SCREENS.includes(r.route));
  const other = rows.filter((r) => !CHART_SCREENS.includes(r.route));
  const over = other.filter((r) => r.bytes > GOAL_KB.withoutChart * 1024);
  const lines = [
    `first-load JavaScript, gzip, before hydration (${rows.length} screens, from the build's manifest)`,
    `    with the chart: ${chart.map((r) => `/${r.route.replace(/^routes\//, "")} ${kb(r.bytes)} KB`).join(", ")} — goal ≤ ${GOAL_KB.withChart} KB: ${
      chart.every((r) => r.bytes <= GOAL_KB.withChart * 1024) ? "met" : "missed"
    }`,
  ];
  if (other.length) {
    const top = other[0]!;
    lines.push(
      `    without a chart: largest ${top.route.replace(/^routes\//, "/")} ${kb(top.bytes)} KB, ${over.length} of ${other.length} screens over ${GOAL_KB.withoutChart} KB — goal ≤ ${GOAL_KB.withoutChart} KB: ${over.length ? "missed" : "met"}`,
    );
    if (over.length) lines.push(`    over: ${over.map((r) => `${r.route.replace(/^routes\//, "/")} ${kb(r.bytes)}`).join(", ")}`);
  }
  return lines;
}

/** Reads `<publicDir>/build/manifest-*.js`; a route module without a default export (a resource route) is no screen. */
export function runFirstLoadBench(publicDir = "public"): string[] {
  const build = join(publicDir, "build");
  const name = existsSync(build) ? readdirSync(build).find((f) => /^manifest-.*\.js$/.test(f)) : undefined;
  if (!name) return ["first-load JavaScript: no build (run `npm run build` first)"];
  const src = readFileSync(join(build, name), "utf8");
  const manifest = JSON.parse(src.slice(src.indexOf("{"), src.lastIndexOf("}") + 1)) as Manifest;
  const file = (url: string) => join(publicDir, url);
  const sizes = new Map<string, number>();
  const sizeOf = (url: string) => {
    let n = sizes.get(url);
    if (n === undefined) {
      n = existsSync(file(url)) ? gzipSync(readFileSync(file(url)), { level: 9 }).length : 0;
      sizes.set(url, n);
    }
    return n;
  };
  const isScreen = (id: string) =>
    id !== "root" && /export\{[^}]*\bas default\b/.test(readFileSync(file(manifest.routes[id]!.module), "utf8"));
  return firstLoadLines(firstLoads(manifest, sizeOf, isScreen));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(runFirstLoadBench().join("\n"));
}
