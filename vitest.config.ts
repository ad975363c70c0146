import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    globals: true,
    pool: "forks",
    // Vitest's default leaves one core to its own process (cores - 1): on a 2-core machine that is one fork, and the
    // 151 files ran one after another (178 s). Its own process only waits on the forks, so two forks on two cores
    // finish in 107 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
  },
});
