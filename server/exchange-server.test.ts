import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../tests/helpers/ports";
import { appCallerKey } from "./app-caller";

/**
 * The standalone exchange (`npm run exchange`) as it runs in production: its own process, bound to loopback, with the
 * same sign-in limits on its /api/ as the app's public mount — except for the app processes' own calls.
 */
let child: ChildProcess;
let output = "";
let base = "";
let dir = "";
const secret = randomBytes(32).toString("hex");

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "exchange-server-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["--import", "tsx", "server/exchange-server.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dir,
      EXCHANGE_PORT: String(port),
      SIMULATOR: "off",
      MARKET_MAKER: "off",
      ADDRESS_SERVICE_SECRET: secret,
      LOG_LEVEL: "info",
      REDIS_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (b) => (output += b));
  child.stderr!.on("data", (b) => (output += b));
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the exchange did not start:\n${output}`);
}, 90_000);

afterAll(() => {
  if (child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const login = (password: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ account: "alice@example.com", password, login_type: "email" }),
  });

describe("the standalone exchange", () => {
  it("listens on loopback unless told otherwise", () => {
    const line = output.split("\n").find((l) => l.includes("exchange listening"))!;
    expect(JSON.parse(line)).toMatchObject({ level: "info", host: "127.0.0.1" });
  });

  it("is ready when its database answers", async () => {
    const r = await fetch(`${base}/readyz`);
    expect([r.status, await r.json()]).toEqual([200, { ok: true }]);
  });

  it("limits sign-ins on its own /api/ like the app's public mount: 10 tries, then 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await login(`Wrong${i}x`)).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const refused = await login("Alice2026");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // An app process (it proves it with the shared secret) was limited at its form: its calls pass.
    const fromApp = await login("Alice2026", { "X-Exchange-Caller": appCallerKey(secret) });
    expect(fromApp.status).toBe(200);
    expect((await fromApp.json()).code).toBe(1);
    // A wrong proof is a stranger.
    expect((await login("Alice2026", { "X-Exchange-Caller": appCallerKey("x".repeat(64)) })).status).toBe(429);
    expect(output).toContain('"route":"/api/user/login","status":429');
  });

  it("stops on SIGTERM: exit 0, with the shutdown in its log", async () => {
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toMatch(/"msg":"stopped"/);
  });
});
