import { mkdtempSync, readFileSync } from "node:fs";
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
  it("names the bad variable", () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), EXCHANGE_API_URL: "not a url" })).toThrow(/EXCHANGE_API_URL/);
    expect(() => loadConfig({ DATA_DIR: dir(), SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
  });
});
