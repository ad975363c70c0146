import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { APP_CALLER_HEADER, appCallerKey } from "../app-caller";
import { request } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The standalone exchange (`npm run exchange`, cli.ts serve) serves /addr/ to the app processes; dot segments are
 * refused there too, before routing, so '/api/../addr/…' is never the address service by another name.
 */

let child: ChildProcess;
let port = 0;
const dataDir = mkdtempSync(join(tmpdir(), "standalone-paths-"));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** One request with its path exactly as written (`curl --path-as-is`). */
function send(method: string, path: string, body = "", headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port, method, path, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

beforeAll(async () => {
  port = await freePort();
  // Node itself with tsx's loader: one process, so stopping it stops the server.
  child = spawn(process.execPath, ["--import", "tsx", "server/exchange/cli.ts", "serve"], {
    env: { ...process.env, DATA_DIR: dataDir, EXCHANGE_PORT: String(port), SIMULATOR: "off", MARKET_MAKER: "off", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("listening")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the exchange exited (${code})`)));
  });
}, 60_000);
afterAll(async () => {
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the standalone exchange", () => {
  it("refuses dot segments before routing, however spelled", async () => {
    for (const path of [
      "/api/../addr/GetDrawAddress",
      "/api/%2e%2e/addr/GetDrawAddress",
      "/api/.%2E/addr/GetDrawAddress",
      "/api/..%5caddr/GetDrawAddress",
      "/api/..\\addr/GetDrawAddress",
    ]) {
      const r = await send("POST", path, "data=%7B%7D&sign=00");
      expect([path, r.status]).toEqual([path, 400]);
      expect(r.text).not.toContain("signature");
    }
  });

  it("serves /addr/ by its own name to the app processes only, and /api/ to anyone", async () => {
    const secret = readFileSync(join(dataDir, "address-secret"), "utf8").trim();
    expect((await send("POST", "/addr/GetDrawAddress", "data=%7B%7D&sign=00")).status).toBe(404);
    const addr = await send("POST", "/addr/GetDrawAddress", "data=%7B%7D&sign=00", { [APP_CALLER_HEADER]: appCallerKey(secret) });
    expect(addr.status).toBe(200);
    expect(JSON.parse(addr.text)).toMatchObject({ code: 0, msg: "invalid signature" });
    expect((await send("GET", "/api/news/categories")).status).toBe(200);
  });
});
