import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { WebSocket } from "ws";
import { signIn, startServer } from "./ssr";

/**
 * Lighthouse's mobile audit (its default: a mid-range phone, simulated slow 4G and 4× CPU slowdown) of the trading
 * screens, on the real server in production mode on a fresh database, with the system Chromium, in its four
 * categories. Each page is audited `runs` times and the median score printed, since one run moves by several points
 * on 2 shared cores; the audits that cost accessibility, best-practice or SEO points are listed by id.
 *
 * Signed out is what a visitor and a search engine get: /lever and /second then answer with the login page (they
 * need a session), so those rows audit it and say so. Signed in (demo@example.com, its session cookie in the
 * browser) is what a trader gets on the three pair screens.
 */
const SIGNED_OUT = ["/home", "/markets", "/trade", "/lever", "/second"] as const;
const SIGNED_IN = ["/trade", "/lever", "/second"] as const;

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

const verdict = (ok: boolean) => (ok ? "met" : "missed");

/**
 * Puts `cookie` ("name=value") in the browser's own cookie jar for `base`, through the DevTools protocol, as a
 * sign-in in the browser would: the screens' own cookies then join it. (Sent as an extra Cookie header instead, the
 * session was lost from the second screen on, once the first had set a cookie of its own.) Lighthouse does not
 * clear cookies between runs.
 */
async function setCookie(port: number, base: string, cookie: string): Promise<void> {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const [name, ...rest] = cookie.split("=");
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.on("open", () =>
      socket.send(
        JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies: [{ name, value: rest.join("="), url: base }] } }),
      ),
    );
    socket.on("message", (m) => {
      const reply = JSON.parse(String(m)) as { id?: number; error?: { message: string } };
      if (reply.id !== 1) return;
      socket.close();
      if (reply.error) reject(new Error(reply.error.message));
      else resolve();
    });
    socket.on("error", reject);
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** Waits (at most `maxMs`) for the one-minute load average to fall below 1; the milliseconds it waited. */
async function settled(maxMs: number): Promise<number> {
  const started = Date.now();
  while (loadavg()[0]! >= 1 && Date.now() - started < maxMs) await new Promise((r) => setTimeout(r, 2000));
  return Date.now() - started;
}

export async function runLighthouseBench(
  opts: { runs?: number; signedOut?: readonly string[]; signedIn?: readonly string[] } = {},
): Promise<string[]> {
  const runs = opts.runs ?? 3;
  // After the benches before it the machine is still busy (its load average 2.3 once), and Lighthouse's simulated
  // phone then scores the trading screens 5-9 points lower than on an idle machine: up to two minutes for it to settle.
  const waited = await settled(2 * 60_000);
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
  const lines = [
    `Lighthouse 12 mobile (default throttling), median of ${runs} runs per page, production server, system Chromium;` +
      ` load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores at the start, after ${Math.round(waited / 1000)} s waiting for it to fall below 1` +
      " (performance is only comparable on an idle machine)",
  ];
  let signedInNow = false;
  const audit = async (path: string) => {
    const scores: Record<Category, number[]> = { performance: [], accessibility: [], "best-practices": [], seo: [] };
    const lcp: number[] = [];
    const tbt: number[] = [];
    const failing = new Set<string>();
    let landed = path;
    const failedRuns: string[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await lighthouse(`${server.base}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
      const lhr = r?.lhr;
      if (!lhr) continue;
      // LH_REPORT_DIR keeps each run's whole report (which element was the largest paint, what blocked it…).
      const keep = process.env.LH_REPORT_DIR;
      if (keep) {
        mkdirSync(keep, { recursive: true });
        writeFileSync(join(keep, `${path.replace(/\W+/g, "_")}-${signedInNow ? "in" : "out"}-${i + 1}.json`), JSON.stringify(lhr));
      }
      // A run whose trace failed (NO_NAVSTART, NO_FCP… on a busy machine) scores 0 and measures nothing: left out, counted.
      if (lhr.runtimeError) {
        failedRuns.push(lhr.runtimeError.code);
        continue;
      }
      const final = new URL(lhr.finalDisplayedUrl);
      landed = final.pathname + final.search;
      for (const c of CATEGORIES) scores[c].push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
      lcp.push(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN);
      tbt.push(lhr.audits["total-blocking-time"]?.numericValue ?? NaN);
      // Performance's own audits are timings (reported above); the other categories' failures are fixable findings.
      for (const c of CATEGORIES.filter((x) => x !== "performance")) {
        for (const ref of lhr.categories[c]?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (ref.weight > 0 && a && a.score !== null && a.score < 1) failing.add(`${c}: ${ref.id}`);
        }
      }
    }
    const m = Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])])) as Record<Category, number>;
    const name = landed === path ? path : `${path} → ${decodeURIComponent(landed)}`;
    lines.push(
      `    ${name.padEnd(9)} performance ${m.performance} (runs ${scores.performance.join(", ")}${failedRuns.length ? `; failed ${failedRuns.join(", ")}` : ""}), LCP ${(median(lcp) / 1000).toFixed(1)} s, TBT ${Math.round(median(tbt))} ms` +
        ` — goal ≥ 95: ${verdict(m.performance >= 95)}`,
      `              accessibility ${m.accessibility}, best practices ${m["best-practices"]}, SEO ${m.seo}` +
        ` — goals 100 / 100 / 100: ${verdict(m.accessibility >= 100)} / ${verdict(m["best-practices"] >= 100)} / ${verdict(m.seo >= 100)}`,
    );
    if (failing.size) lines.push(`              failing audits: ${[...failing].join(", ")}`);
  };
  try {
    const signedOut = opts.signedOut ?? SIGNED_OUT;
    const signedIn = opts.signedIn ?? SIGNED_IN;
    if (signedOut.length) lines.push("  signed out (a visitor, a search engine)");
    for (const path of signedOut) await audit(path);
    if (signedIn.length) {
      lines.push("  signed in (demo@example.com)");
      await setCookie(chrome.port, server.base, await signIn(server.base));
      signedInNow = true;
      for (const path of signedIn) await audit(path);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // npx tsx scripts/bench/lighthouse.ts [runs] [--signed-in|--signed-out] [path…]
  // Without paths: the default pages both ways; with paths, both ways unless one of the flags says which.
  const args = process.argv.slice(3);
  const paths = args.filter((a) => !a.startsWith("--"));
  const only = args.find((a) => a === "--signed-in" || a === "--signed-out");
  runLighthouseBench({
    runs: Number(process.argv[2] ?? 3),
    signedOut: only === "--signed-in" ? [] : paths.length ? paths : undefined,
    signedIn: only === "--signed-out" ? [] : paths.length ? paths : undefined,
  }).then((lines) => {
    console.log(lines.join("\n"));
    process.exit(0);
  });
}
