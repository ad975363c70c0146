import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

/** Server rendering of a page under load: the real server on a fresh database, autocannon on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function runSsrBench(opts: { path?: string; connections?: number; seconds?: number } = {}): Promise<string[]> {
  const path = opts.path ?? "/trade";
  const connections = opts.connections ?? 20;
  const seconds = opts.seconds ?? 15;
  const server = await startServer();
  try {
    const base = server.base;
    await autocannon({ url: base + path, connections: 4, duration: 3 }); // warm-up
    const r = await autocannon({ url: base + path, connections, duration: seconds });
    const ok = r.non2xx === 0 && r.errors === 0;
    return [
      `server rendering of ${path}: autocannon, ${connections} connections, ${seconds} s, one process, simulator and market maker running`,
      `    ${Math.round(r.requests.average).toLocaleString("en-US")} requests/s   latency p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   (${r.requests.total} requests, non-2xx ${r.non2xx}, errors ${r.errors})`,
      `    goals: ≥ 800 requests/s and p99 ≤ 50 ms — ${r.requests.average >= 800 ? "met" : "missed"} / ${r.latency.p99 <= 50 ? "met" : "missed"}${ok ? "" : " (some requests failed)"}`,
    ];
  } finally {
    await server.stop();
  }
}

/** The real server on a fresh database in a temporary folder (simulator and market maker on). */
export async function startServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "bench-server-"));
  const server = spawn("npx", ["tsx", "server/index.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", SIM_SEED: "7", COOKIE_SECURE: "false" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const stop = async () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      /* gone */
    }
    await new Promise((r) => setTimeout(r, 1000));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (i > 240) {
      await stop();
      throw new Error("server did not start");
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, stop };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runSsrBench({ path: process.argv[2] }).then((lines) => console.log(lines.join("\n")));
}
