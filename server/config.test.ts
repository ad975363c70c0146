import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig } from "./config";

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
  it("names the bad variable", () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), EXCHANGE_API_URL: "not a url" })).toThrow(/EXCHANGE_API_URL/);
    expect(() => loadConfig({ DATA_DIR: dir(), SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });
  it("refuses a test-only setting unless TEST_SETTINGS=on", () => {
    expect(() => loadConfig({ DATA_DIR: dir(), TEST_MICRO_DUE_SECONDS: "5" })).toThrow(/TEST_MICRO_DUE_SECONDS/);
    expect(loadConfig({ DATA_DIR: dir(), TEST_SETTINGS: "on", TEST_MICRO_DUE_SECONDS: "5" }).TEST_MICRO_DUE_SECONDS).toBe(5);
    expect(loadConfig({ DATA_DIR: dir() }).TEST_MICRO_DUE_SECONDS).toBeUndefined();
  });
});
