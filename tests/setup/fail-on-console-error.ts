import { afterEach, beforeEach, vi } from "vitest";
import { onLoggedError } from "../../app/lib/log.server";

/**
 * A test that logs an error fails — through console.error or the process's log at level error and above —, unless
 * it takes the errors in hand with `consoleErrors()` (and then asserts on them): an error a test provokes on purpose
 * is checked, and one it did not expect is a bug.
 */
const logged: unknown[][] = [];
let expected = false;

// Quiet by default; a test that wants the info lines sets LOG_LEVEL itself.
process.env.LOG_LEVEL ??= "warn";
onLoggedError((message) => logged.push([message]));

/** The errors logged by the running test so far; calling it says the test expects them. */
export function consoleErrors(): string[] {
  expected = true;
  return logged.map((args) => args.map((a) => (a instanceof Error ? a.message : String(a))).join(" "));
}

beforeEach(() => {
  logged.length = 0;
  expected = false;
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (!expected && logged.length) {
    const first = logged[0].map((a) => (a instanceof Error ? a.stack : String(a))).join(" ");
    throw new Error(`an error was logged ${logged.length} time(s) during the test; first: ${first}`);
  }
});
