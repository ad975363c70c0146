import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

/**
 * Every setting the process reads, validated once at start. A bad value stops the start
 * with a message naming the variable, instead of failing later in some request.
 */
const ConfigSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  EXCHANGE_API_URL: z.string().url().optional(),
  EXCHANGE_WS_URL: z.string().url().optional(),
  /** Shared store of the rate limits when several app processes run (decision 006); unset: each process's memory. */
  REDIS_URL: z
    .string()
    .url()
    .refine((v) => /^rediss?:\/\//.test(v), "must be a redis:// or rediss:// URL")
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SIMULATOR: z.enum(["on", "off"]).default("on"),
  /** Share a visitor's render of the public market screens for a second (server/page-cache.ts). */
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  SIM_SEED: z.coerce.number().int().optional(),
  TRUST_PROXY: z.string().default("loopback"),
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  /**
   * Test-only settings take effect only with TEST_SETTINGS=on (the end-to-end server); a real exchange never sets it.
   * TEST_MICRO_DUE_SECONDS: every second-contract order falls due this many seconds after it is placed.
   */
  TEST_SETTINGS: z.enum(["on", "off"]).default("off"),
  TEST_MICRO_DUE_SECONDS: z.coerce.number().int().min(1).max(300).optional(),
  BUILD_DIR: z.string().min(1).default("build"),
  PUBLIC_DIR: z.string().min(1).default("public"),
});

export type Config = z.infer<typeof ConfigSchema> & { SESSION_SECRET: string; DATA_DIR: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message} (got ${JSON.stringify(raw[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const cfg = parsed.data;
  if (cfg.TEST_SETTINGS !== "on" && cfg.TEST_MICRO_DUE_SECONDS !== undefined)
    throw new ConfigError("Invalid configuration:\n  TEST_MICRO_DUE_SECONDS: a test-only setting, refused unless TEST_SETTINGS=on");
  const dataDir = resolve(cfg.DATA_DIR);
  // 0700: the session secret and the exchange's database live here (umask may only tighten it).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return { ...cfg, DATA_DIR: dataDir, SESSION_SECRET: cfg.SESSION_SECRET ?? loadOrCreateSecret(dataDir) };
}

export class ConfigError extends Error {}

/** The session key must survive restarts (or every user is signed out), so it lives in DATA_DIR. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
