import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { ListingError, readListingFile, type Listing } from "./exchange/db/listing";
import type { ExchangeOptions } from "./exchange/index";

/**
 * Every setting of both processes — the app (server/index.ts) and the standalone exchange (server/exchange-server.ts,
 * `npm run exchange`) — validated once at start, with one spelling each. A bad value stops the start with a message
 * naming the variable, instead of failing later in some request. The README's settings table lists exactly these.
 */
const onOff = z.enum(["on", "off"], { errorMap: () => ({ message: "must be on or off" }) });
const port = z.coerce.number().int().min(1).max(65535);
const fee = z
  .string()
  .regex(/^0(\.\d{1,8})?$/, "must be a fraction below 1 with at most 8 decimals, like 0.001 (0.1 %)")
  .default("0.001");

const ConfigSchema = z.object({
  // ---- both processes
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** on: the demo (seeded users, market maker, simulator); off: a real exchange from EXCHANGE_CONFIG. */
  DEMO: onOff.default("on"),
  /** The listing file of a real exchange (DEMO=off): currencies, chains, pairs, products, content. */
  EXCHANGE_CONFIG: z.string().min(1).optional(),
  /**
   * The demo's market simulator. Default on with the demo; a real exchange refuses it. `history`: the price history
   * is written at first start, then prices stand still and move only with real orders (the end-to-end tests).
   */
  SIMULATOR: z.enum(["on", "off", "history"], { errorMap: () => ({ message: "must be on, off or history" }) }).optional(),
  MARKET_MAKER: onOff.optional(),
  SIM_SEED: z.coerce.number().int().optional(),
  SIM_TICK_MS: z.coerce.number().int().min(50).max(60_000).optional(),
  SPOT_MAKER_FEE: fee,
  SPOT_TAKER_FEE: fee,
  /** Shared store of the rate limits when several processes count them (decision 006); unset: each process's memory. */
  REDIS_URL: z
    .string()
    .url()
    .refine((v) => /^rediss?:\/\//.test(v), "must be a redis:// or rediss:// URL")
    .optional(),
  TRUST_PROXY: z.string().default("loopback"),
  ADDRESS_SERVICE_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Prometheus metrics on this port (METRICS_HOST, default loopback); unset: no metrics listener. */
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** The site's public address, for links in emails (`https://exchange.example.com`); unset, emails name the path only. */
  SITE_URL: z
    .string()
    .refine(isOrigin, "must be the site's origin, such as https://exchange.example.com (scheme and host, no path)")
    .optional(),
  /**
   * Where the exchange's emails go out: an SMTP relay (`smtp://user:pass@host:587`, or `smtps://…:465`); unset, they stay
   * in the outbox (`npm run exchange -- outbox`), the embedded delivery.
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((v) => /^smtps?:\/\//.test(v), "must be an smtp:// or smtps:// URL")
    .optional(),
  /** The sender of those emails. */
  MAIL_FROM: z.string().min(3).default("Exchange <no-reply@localhost>"),
  // ---- the app process
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  EXCHANGE_API_URL: z.string().url().optional(),
  EXCHANGE_WS_URL: z
    .string()
    .url()
    .refine((v) => /^wss?:\/\//.test(v), "must be a ws:// or wss:// URL")
    .optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * The embedded exchange on a worker thread of this process (decision 029): on, the main thread renders and relays
   * while the exchange thread matches, commits and simulates. Off (the default), both share the main thread.
   */
  EXCHANGE_THREAD: onOff.default("off"),
  /** Share a visitor's render of the public market screens for a second (server/page-cache.ts). */
  PAGE_CACHE: onOff.default("on"),
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  /**
   * Other front ends allowed to open /ws with a browser (comma-separated origins, `https://app.example.com`); the
   * site's own origin always may, and a client without Origin (not a browser) too.
   */
  WS_ALLOWED_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isOrigin), "must be comma-separated origins such as https://app.example.com (scheme and host, no path)"),
  /**
   * Test-only settings take effect only with TEST_SETTINGS=on (the end-to-end server); a real exchange never sets it.
   * TEST_MICRO_DUE_SECONDS: every second-contract order falls due this many seconds after it is placed.
   */
  TEST_SETTINGS: z.enum(["on", "off"]).default("off"),
  TEST_MICRO_DUE_SECONDS: z.coerce.number().int().min(1).max(300).optional(),
  BUILD_DIR: z.string().min(1).default("build"),
  PUBLIC_DIR: z.string().min(1).default("public"),
  // ---- the standalone exchange
  EXCHANGE_PORT: port.default(3001),
  /** Loopback unless told otherwise: only the app processes should reach the exchange. */
  EXCHANGE_HOST: z.string().min(1).default("127.0.0.1"),
});

/** `https://host[:port]` with nothing after it. */
function isOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

type Parsed = z.infer<typeof ConfigSchema>;

export type Config = Omit<Parsed, "SIMULATOR" | "MARKET_MAKER"> & {
  DATA_DIR: string;
  SESSION_SECRET: string;
  /** Resolved: the demo's default is on, a real exchange's off. */
  SIMULATOR: "on" | "off" | "history";
  MARKET_MAKER: "on" | "off";
  /** The validated listing (DEMO=off, where the exchange runs in this process). */
  listing?: Listing;
};

export class ConfigError extends Error {}

/** What `load` reads; when the configuration is invalid, its problems on stderr and exit code 1 (both servers start so). */
export function configOrExit<C>(load: () => C): C {
  try {
    return load();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** The variables the schema knows: the README's table is checked against this list. */
export const SETTING_NAMES = Object.keys(ConfigSchema.shape) as (keyof Parsed)[];

function parse(env: Record<string, string | undefined>): Parsed {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message} (got ${JSON.stringify(raw[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const cfg = parsed.data;
  if (cfg.TEST_SETTINGS !== "on" && cfg.TEST_MICRO_DUE_SECONDS !== undefined)
    throw new ConfigError("Invalid configuration:\n  TEST_MICRO_DUE_SECONDS: a test-only setting, refused unless TEST_SETTINGS=on");
  return cfg;
}

/** DEMO and what depends on it; the listing is read only where the exchange runs. */
function resolveMode(cfg: Parsed, runsExchange: boolean): Pick<Config, "SIMULATOR" | "MARKET_MAKER" | "listing"> {
  const demo = cfg.DEMO === "on";
  const problems: string[] = [];
  if (!demo) {
    if (cfg.TEST_SETTINGS === "on") problems.push("TEST_SETTINGS: test-only settings are refused on a real exchange (DEMO=off)");
    if (cfg.SIMULATOR === "on" || cfg.SIMULATOR === "history")
      problems.push("SIMULATOR: on invents trades; a real exchange (DEMO=off) cannot run it");
    if (cfg.MARKET_MAKER === "on")
      problems.push("MARKET_MAKER: on quotes with invented balances; a real exchange (DEMO=off) cannot run it");
    if (runsExchange && !cfg.EXCHANGE_CONFIG)
      problems.push("EXCHANGE_CONFIG: a real exchange (DEMO=off) needs its listing file (start from deploy/exchange.example.json)");
  } else if (cfg.EXCHANGE_CONFIG) {
    problems.push("EXCHANGE_CONFIG: read only with DEMO=off (the demo lists its own currencies and pairs)");
  }
  let listing: Listing | undefined;
  if (!problems.length && !demo && runsExchange) {
    try {
      listing = readListingFile(resolve(cfg.EXCHANGE_CONFIG!));
    } catch (err) {
      if (!(err instanceof ListingError)) throw err;
      problems.push(`EXCHANGE_CONFIG: ${err.message}`);
    }
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  return {
    SIMULATOR: cfg.SIMULATOR ?? (demo ? "on" : "off"),
    MARKET_MAKER: cfg.MARKET_MAKER ?? (demo ? "on" : "off"),
    listing,
  };
}

function dataDirOf(cfg: Parsed): string {
  const dataDir = resolve(cfg.DATA_DIR);
  // 0700: the secrets and the exchange's database live here (umask may only tighten it).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return dataDir;
}

/** The app process's settings (server/index.ts). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cfg = parse(env);
  const mode = resolveMode(cfg, !cfg.EXCHANGE_API_URL);
  const dataDir = dataDirOf(cfg);
  return { ...cfg, ...mode, DATA_DIR: dataDir, SESSION_SECRET: cfg.SESSION_SECRET ?? loadOrCreateSecret(dataDir) };
}

/** The standalone exchange's settings (server/exchange-server.ts): the same variables, no session secret. */
export function loadExchangeConfig(env: Record<string, string | undefined> = process.env): Omit<Config, "SESSION_SECRET"> {
  const cfg = parse(env);
  const mode = resolveMode(cfg, true);
  const { SESSION_SECRET: _unused, ...rest } = cfg;
  return { ...rest, ...mode, DATA_DIR: dataDirOf(cfg) };
}

/** The exchange's options from the settings, the same in the app's embedded exchange and the standalone one. */
export function exchangeOptions(config: Omit<Config, "SESSION_SECRET">): ExchangeOptions {
  return {
    dataDir: config.DATA_DIR,
    demo: config.DEMO === "on",
    listing: config.listing,
    simulator: config.SIMULATOR !== "off",
    simulatorLive: config.SIMULATOR === "on",
    marketMaker: config.MARKET_MAKER === "on",
    seed: config.SIM_SEED,
    tickMs: config.SIM_TICK_MS,
    fees: { maker: config.SPOT_MAKER_FEE, taker: config.SPOT_TAKER_FEE },
    addressSecret: config.ADDRESS_SERVICE_SECRET,
    siteUrl: config.SITE_URL,
    mail: config.SMTP_URL ? { url: config.SMTP_URL, from: config.MAIL_FROM } : undefined,
    microDueSeconds: config.TEST_MICRO_DUE_SECONDS,
    testSettings: config.TEST_SETTINGS === "on",
  };
}

/** The session key must survive restarts (or every user is signed out), so it lives in DATA_DIR. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
