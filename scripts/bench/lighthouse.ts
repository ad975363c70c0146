import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer } from "./ssr";

/**
 * Lighthouse's mobile audit (its default: a mid-range phone, simulated slow 4G and 4× CPU slowdown) of the public
 * screens, on the real server in production mode on a fresh database, with the system Chromium. Each page is
 * audited `runs` times and the median score printed, since one run moves by several points on 2 shared cores.
 */
const PAGES = ["/home", "/markets", "/trade"] as const;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

export async function runLighthouseBench(opts: { runs?: number; pages?: readonly string[] } = {}): Promise<string[]> {
  const runs = opts.runs ?? 3;
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const lines = [`Lighthouse 12 mobile (default throttling), median of ${runs} runs per page, production server, system Chromium`];
  try {
    for (const path of opts.pages ?? PAGES) {
      const perf: number[] = [];
      const seo: number[] = [];
      const lcp: number[] = [];
      const tbt: number[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await lighthouse(`${server.base}${path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "seo"],
        });
        const lhr = r?.lhr;
        if (!lhr) continue;
        perf.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        seo.push(Math.round((lhr.categories.seo?.score ?? 0) * 100));
        lcp.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN);
        tbt.push(lhr.audits["total-blocking-time"]?.numericValue ?? NaN);
      }
      const p = median(perf);
      const s = median(seo);
      lines.push(
        `    ${path.padEnd(9)} performance ${p} (runs ${perf.join(", ")}), LCP ${(median(lcp) / 1000).toFixed(1)} s, TBT ${Math.round(median(tbt))} ms; SEO ${s}` +
          ` — goals ≥ 95 / SEO 100: ${p >= 95 ? "met" : "missed"} / ${s >= 100 ? "met" : "missed"}`,
      );
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // npx tsx scripts/bench/lighthouse.ts [runs] [path…]
  const pages = process.argv.slice(3);
  runLighthouseBench({ runs: Number(process.argv[2] ?? 3), pages: pages.length ? pages : undefined }).then((lines) => {
    console.log(lines.join("\n"));
    process.exit(0);
  });
}
