import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import { addressKey, apiRateLimit, createLimiters, LIMITS, rateLimit, refusalScope, type Limiters } from "./rate-limit.server";
import { freePort } from "../../tests/helpers/ports";

const tiny = (points: number, duration = 60) => ({
  login: { points, duration },
  register: { points, duration },
  sendCode: { points, duration },
  resetPassword: { points, duration },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("limits in memory (no REDIS_URL)", () => {
  it("keeps the limits of decision 003: 10 sign-ins, 10 registrations, 10 resets and 5 codes a minute", () => {
    expect(LIMITS).toEqual({
      login: { points: 10, duration: 60 },
      register: { points: 10, duration: 60 },
      sendCode: { points: 5, duration: 60 },
      resetPassword: { points: 10, duration: 60 },
    });
  });

  it("allows 10 a minute and refuses the 11th with the seconds to wait", async () => {
    const { limiters } = createLimiters();
    for (let i = 0; i < 10; i++) expect(await limiters.login.hit(["ip:1"])).toBeNull();
    const refused = await limiters.login.hit(["ip:1"]);
    expect(refused).not.toBeNull();
    expect(refused!.retryAfter).toBeGreaterThanOrEqual(59);
    expect(refused!.retryAfter).toBeLessThanOrEqual(60);
  });

  it("limits by each key, so another IP on the same account is refused too", async () => {
    const { limiters } = createLimiters({ limits: tiny(2) });
    expect(await limiters.login.hit(["ip:1", "address:a"])).toBeNull();
    expect(await limiters.login.hit(["ip:2", "address:a"])).toBeNull();
    expect(await limiters.login.hit(["ip:3", "address:a"])).not.toBeNull();
    expect(await limiters.login.hit(["ip:3", "address:b"])).toBeNull();
  });

  it("does not count refused attempts, so a user who waits the window out is let back in", async () => {
    // The window passes on a fake clock: the memory limiter reads Date.now() and clears its keys with setTimeout.
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] });
    try {
      const { limiters } = createLimiters({ limits: tiny(1, 1) });
      expect(await limiters.login.hit(["k"])).toBeNull();
      for (let i = 0; i < 5; i++) expect(await limiters.login.hit(["k"])).not.toBeNull();
      vi.advanceTimersByTime(900);
      expect(await limiters.login.hit(["k"])).not.toBeNull();
      vi.advanceTimersByTime(200);
      expect(await limiters.login.hit(["k"])).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a refusal on one key gives back the count taken on the others", async () => {
    const { limiters } = createLimiters({ limits: tiny(1) });
    expect(await limiters.login.hit(["address:a"])).toBeNull();
    // ip:9 is not charged for the refused attempt on address:a.
    expect(await limiters.login.hit(["ip:9", "address:a"])).not.toBeNull();
    expect(await limiters.login.hit(["ip:9"])).toBeNull();
  });

  it("rateLimit keys by IP and by the address, trimmed and lower-cased", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 5; i++) expect(await rateLimit("sendCode", `${ip}-${i}`, " Victim@Example.com ")).toBeNull();
    expect(await rateLimit("sendCode", `${ip}-x`, "victim@example.com")).not.toBeNull();
  });

  it("counts a phone number once however it is written, so respelling it gives no new tries", async () => {
    const spellings = [
      "13800138000",
      "138 0013 8000",
      "138-0013-8000",
      "(138) 00138000",
      "138.0013.8000",
      "+86 13800138000",
      "0086-138-0013-8000",
    ];
    expect(new Set(spellings.map(addressKey))).toEqual(new Set(["tel:800138000"]));
    expect(addressKey(" Victim@Example.com ")).toBe("victim@example.com");
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    // Ten sign-ins a minute for one account: the eleventh is refused whatever its spelling, from a new IP each time.
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await rateLimit("login", `${ip}-tel-${i}`, spellings[i % spellings.length]));
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(answers[10]).not.toBeNull();
  });

  it("records a refusal in the request's scope, for the Retry-After of the page rendered for it", async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
    const scope: { retryAfter?: number } = {};
    await refusalScope.run(scope, async () => {
      for (let i = 0; i < 10; i++) expect(await rateLimit("login", ip, `scope${i}@example.com`)).toBeNull();
      expect(scope.retryAfter).toBeUndefined();
      expect(await rateLimit("login", ip, "scope@example.com")).not.toBeNull();
    });
    expect(scope.retryAfter).toBeGreaterThan(0);
    // Outside a scope nothing is recorded, and nothing fails.
    expect(await rateLimit("login", ip, "x@example.com")).not.toBeNull();
  });

  it("the public /api/ calls get the forms' limits: sign-in, register, reset and code sending, by IP and by address", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    expect(apiRateLimit("newsList", ip, {})).toBeNull();
    let last = null;
    for (let i = 0; i < 11; i++) last = await apiRateLimit("login", ip, { account: `user${i}@example.com`, password: "x" });
    expect(last).not.toBeNull();
    // Codes to 30 different addresses from one IP: the sixth is refused.
    const ip2 = `${ip}-codes`;
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await apiRateLimit(i % 2 ? "sendSms" : "sendEmail", ip2, { to: `a${i}@example.com`, type: "1" }));
    expect(answers.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(answers[5]).not.toBeNull();
    // A payload that names the address as something else than a string still counts the IP.
    expect(await apiRateLimit("register", `${ip}-r`, { account: ["x"] })).toBeNull();
  });
});

// ---------------------------------------------------------------- Redis (Debian's redis-server; .ci/run installs it)
const haveRedis = spawnSync("redis-server", ["--version"]).status === 0;
// Under CI a missing Redis is a broken machine, not a reason to pass: the shared limits would go untested.
if (process.env.CI && !haveRedis) throw new Error("CI: redis-server is missing (.ci/run installs it); the Redis limits cannot be tested");

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(port, "127.0.0.1");
      s.on("connect", () => (s.destroy(), resolve(true)));
      s.on("error", () => resolve(false));
    });
    if (up) return child;
    await sleep(50);
  }
  throw new Error("redis-server did not start");
}

async function until(what: () => boolean, ms = 5000) {
  for (let waited = 0; !what(); waited += 25) {
    if (waited > ms) throw new Error("timed out");
    await sleep(25);
  }
}

describe.skipIf(!haveRedis)("limits in Redis (REDIS_URL): several app processes share one count", () => {
  let redis: ChildProcess;
  let port: number;
  const open: Limiters[] = [];
  const make = (warn: (l: string) => void = () => {}) => {
    const l = createLimiters({ redisUrl: `redis://127.0.0.1:${port}`, limits: tiny(3), prefix: `test${Math.random()}`, warn });
    open.push(l);
    return l;
  };

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
  });
  afterAll(async () => {
    await Promise.all(open.map((l) => l.close()));
    redis?.kill("SIGKILL");
  });

  it("two processes (two clients of one Redis) share the count: 3 tries in all, not 3 each", async () => {
    const prefix = `shared${Math.random()}`;
    const a = createLimiters({ redisUrl: `redis://127.0.0.1:${port}`, limits: tiny(3), prefix });
    const b = createLimiters({ redisUrl: `redis://127.0.0.1:${port}`, limits: tiny(3), prefix });
    open.push(a, b);
    await until(() => a.store() === "redis" && b.store() === "redis");
    expect(await a.limiters.login.hit(["ip:1", "address:v"])).toBeNull();
    expect(await b.limiters.login.hit(["ip:2", "address:v"])).toBeNull();
    expect(await a.limiters.login.hit(["ip:3", "address:v"])).toBeNull();
    const refused = await b.limiters.login.hit(["ip:4", "address:v"]);
    expect(refused?.retryAfter).toBeGreaterThan(0);
    // The refused attempt was given back: the count stays at the limit, not above it.
    expect(await a.limiters.login.hit(["ip:5", "address:v"])).not.toBeNull();
  });

  it("Redis gone: each process limits in its own memory, with one warning, instead of refusing every sign-in", async () => {
    const warnings: string[] = [];
    const l = make((line) => warnings.push(line));
    await until(() => l.store() === "redis");
    expect(await l.limiters.login.hit(["ip:1"])).toBeNull();
    redis.kill("SIGKILL");
    await until(() => l.store() === "memory");
    // Sign-ins still pass (not an error, not a refusal)...
    expect(await l.limiters.login.hit(["ip:7"])).toBeNull();
    expect(await l.limiters.login.hit(["ip:7"])).toBeNull();
    expect(await l.limiters.login.hit(["ip:7"])).toBeNull();
    // ...and are still limited, per process.
    expect(await l.limiters.login.hit(["ip:7"])).not.toBeNull();
    // Two attempts to reconnect fail meanwhile: still one warning.
    const tried = l.reconnects();
    await until(() => l.reconnects() >= tried + 2);
    expect(warnings.filter((w) => w.includes("unreachable"))).toHaveLength(1);
    expect(warnings[0]).toMatch(/fall back to this process's memory/);
    // Redis back: shared again, one more line says so.
    redis = await startRedis(port);
    await until(() => l.store() === "redis", 8000);
    expect(
      warnings.filter((w) => w.includes("shared again")),
      warnings.join("\n"),
    ).toHaveLength(1);
  });
});
