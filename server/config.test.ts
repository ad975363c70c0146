import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, exchangeOptions, loadConfig, loadExchangeConfig, SETTING_NAMES } from "./config";

const dir = () => mkdtempSync(join(tmpdir(), "cfg-"));

describe("loadConfig", () => {
  it("applies defaults and generates a session secret kept in DATA_DIR", () => {
    const d = dir();
    const a = loadConfig({ DATA_DIR: d });
    expect(a.PORT).toBe(3000);
    expect(a.SESSION_SECRET).toHaveLength(64);
    expect(readFileSync(join(d, "session-secret"), "utf8").trim()).toBe(a.SESSION_SECRET);
    expect(loadConfig({ DATA_DIR: d }).SESSION_SECRET).toBe(a.SESSION_SECRET);
  });
  it("creates DATA_DIR 0700, the session secret 0600", () => {
    const d = join(dir(), "fresh");
    loadConfig({ DATA_DIR: d });
    expect(statSync(d).mode & 0o777).toBe(0o700);
    expect(statSync(join(d, "session-secret")).mode & 0o777).toBe(0o600);
  });
  it("takes REDIS_URL as a redis:// or rediss:// URL only", () => {
    expect(loadConfig({ DATA_DIR: dir(), REDIS_URL: "redis://127.0.0.1:6379" }).REDIS_URL).toBe("redis://127.0.0.1:6379");
    expect(loadConfig({ DATA_DIR: dir() }).REDIS_URL).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir(), REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL/);
  });
  it("takes WS_ALLOWED_ORIGINS as comma-separated origins, nothing after the host", () => {
    expect(loadConfig({ DATA_DIR: dir() }).WS_ALLOWED_ORIGINS).toEqual([]);
    expect(
      loadConfig({ DATA_DIR: dir(), WS_ALLOWED_ORIGINS: "https://app.example.com, http://localhost:5173" }).WS_ALLOWED_ORIGINS,
    ).toEqual(["https://app.example.com", "http://localhost:5173"]);
    for (const bad of ["app.example.com", "https://app.example.com/path", "ftp://x.example", "*"])
      expect(() => loadConfig({ DATA_DIR: dir(), WS_ALLOWED_ORIGINS: bad }), bad).toThrow(/WS_ALLOWED_ORIGINS/);
  });
  it("names the bad variable", () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), EXCHANGE_API_URL: "not a url" })).toThrow(/EXCHANGE_API_URL/);
    expect(() => loadConfig({ DATA_DIR: dir(), SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });
  it("runs the embedded exchange on the main thread unless EXCHANGE_THREAD=on", () => {
    expect(loadConfig({ DATA_DIR: dir() }).EXCHANGE_THREAD).toBe("off");
    expect(loadConfig({ DATA_DIR: dir(), EXCHANGE_THREAD: "on" }).EXCHANGE_THREAD).toBe("on");
    expect(() => loadConfig({ DATA_DIR: dir(), EXCHANGE_THREAD: "yes" })).toThrow(/EXCHANGE_THREAD: must be on or off/);
  });
  it("refuses a test-only setting unless TEST_SETTINGS=on", () => {
    expect(() => loadConfig({ DATA_DIR: dir(), TEST_MICRO_DUE_SECONDS: "5" })).toThrow(/TEST_MICRO_DUE_SECONDS/);
    expect(loadConfig({ DATA_DIR: dir(), TEST_SETTINGS: "on", TEST_MICRO_DUE_SECONDS: "5" }).TEST_MICRO_DUE_SECONDS).toBe(5);
    expect(loadConfig({ DATA_DIR: dir() }).TEST_MICRO_DUE_SECONDS).toBeUndefined();
  });
});

describe("one configuration for both processes", () => {
  const example = new URL("../deploy/exchange.example.json", import.meta.url).pathname;

  it("keeps the demo as the default, with the simulator and the market maker on", () => {
    for (const load of [loadConfig, loadExchangeConfig]) {
      const c = load({ DATA_DIR: dir() });
      expect([c.DEMO, c.SIMULATOR, c.MARKET_MAKER]).toEqual(["on", "on", "on"]);
      expect(c.listing).toBeUndefined();
    }
  });

  it("spells on/off alike in both: the old SIMULATOR=0 stops either start with a message", () => {
    for (const load of [loadConfig, loadExchangeConfig]) {
      expect(() => load({ DATA_DIR: dir(), SIMULATOR: "0" })).toThrow(/SIMULATOR: must be on, off or history \(got "0"\)/);
      expect(load({ DATA_DIR: dir(), SIMULATOR: "history" }).SIMULATOR).toBe("history");
      expect(() => load({ DATA_DIR: dir(), MARKET_MAKER: "no" })).toThrow(/MARKET_MAKER/);
      expect(() => load({ DATA_DIR: dir(), DEMO: "false" })).toThrow(/DEMO: must be on or off/);
      expect(() => load({ DATA_DIR: dir(), LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL/);
      expect(() => load({ DATA_DIR: dir(), SPOT_TAKER_FEE: "1.5" })).toThrow(/SPOT_TAKER_FEE/);
    }
  });

  it("SIMULATOR=history: the simulator writes its history but does not tick; a real exchange refuses it", () => {
    const c = loadConfig({ DATA_DIR: dir(), SIMULATOR: "history" });
    expect(exchangeOptions(c)).toMatchObject({ simulator: true, simulatorLive: false });
    expect(exchangeOptions(loadConfig({ DATA_DIR: dir() }))).toMatchObject({ simulator: true, simulatorLive: true });
    expect(() => loadExchangeConfig({ DATA_DIR: dir(), DEMO: "off", EXCHANGE_CONFIG: example, SIMULATOR: "history" })).toThrow(/SIMULATOR/);
  });

  it("DEMO=off: the simulator and market maker off, the listing read and validated where the exchange runs", () => {
    const c = loadExchangeConfig({ DATA_DIR: dir(), DEMO: "off", EXCHANGE_CONFIG: example });
    expect([c.SIMULATOR, c.MARKET_MAKER]).toEqual(["off", "off"]);
    expect(c.listing?.currencies.map((x) => x.code)).toEqual(["USDT", "BTC", "ETH"]);
    expect(exchangeOptions(c)).toMatchObject({
      demo: false,
      simulator: false,
      marketMaker: false,
      fees: { maker: "0.001", taker: "0.001" },
    });
    // The app in front of a remote exchange does not need the listing.
    expect(loadConfig({ DATA_DIR: dir(), DEMO: "off", EXCHANGE_API_URL: "http://127.0.0.1:3001/api/" }).listing).toBeUndefined();
  });

  it("DEMO=off refuses what would invent trades or money, and a missing or bad listing", () => {
    expect(() => loadConfig({ DATA_DIR: dir(), DEMO: "off", EXCHANGE_CONFIG: example, SIMULATOR: "on" })).toThrow(
      /SIMULATOR: on invents trades/,
    );
    expect(() => loadExchangeConfig({ DATA_DIR: dir(), DEMO: "off", EXCHANGE_CONFIG: example, MARKET_MAKER: "on" })).toThrow(
      /MARKET_MAKER/,
    );
    expect(() => loadExchangeConfig({ DATA_DIR: dir(), DEMO: "off" })).toThrow(
      /EXCHANGE_CONFIG: a real exchange \(DEMO=off\) needs its listing/,
    );
    expect(() => loadConfig({ DATA_DIR: dir(), EXCHANGE_CONFIG: example })).toThrow(/EXCHANGE_CONFIG: read only with DEMO=off/);
    const bad = join(dir(), "listing.json");
    writeFileSync(bad, JSON.stringify({ chains: ["BTC"], currencies: [], pairs: [{ base: "BTC", quote: "USDT" }], fees: {} }));
    expect(() => loadExchangeConfig({ DATA_DIR: dir(), DEMO: "off", EXCHANGE_CONFIG: bad })).toThrow(
      /currencies: Array must contain at least 1/,
    );
    expect(() => loadExchangeConfig({ DATA_DIR: dir(), DEMO: "off", EXCHANGE_CONFIG: bad })).toThrow(
      /Unrecognized key\(s\) in object: 'fees'/,
    );
  });

  it("binds the standalone exchange to loopback unless told otherwise", () => {
    expect(loadExchangeConfig({ DATA_DIR: dir() })).toMatchObject({ EXCHANGE_HOST: "127.0.0.1", EXCHANGE_PORT: 3001 });
    expect(loadExchangeConfig({ DATA_DIR: dir(), EXCHANGE_HOST: "0.0.0.0" }).EXCHANGE_HOST).toBe("0.0.0.0");
  });

  it("names every setting in the README's one table", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const table = readme.slice(readme.indexOf("## Settings"), readme.indexOf("\n## ", readme.indexOf("## Settings") + 5));
    for (const name of SETTING_NAMES) expect(table, name).toContain(`\`${name}\``);
  });
});
