import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Every spec runs twice: once with JavaScript on and once with it off, against the real
 * server on the embedded exchange with a fresh database. Playwright's own browser download
 * does not work here, so the system Chromium is used.
 */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  // No retries (Playwright's default, left as it is): a test that passes only on a second try is a defect to fix.
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    // No trace by default: recording one for every test (to keep it on failure) took a quarter of the suite's CPU
    // (account and personal specs: 209 CPU-seconds with it, 152 without), and a failure already leaves its page as an
    // accessibility snapshot (test-results/*/error-context.md). `npx playwright test --trace on …` records one.
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "nojs", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "bash scripts/e2e-server.sh",
    url: `${BASE_URL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
  },
});
