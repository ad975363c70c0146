import { afterEach, beforeEach, vi } from "vitest";

/**
 * A test that logs console.error fails, unless it takes the errors in hand with `consoleErrors()` (and then
 * asserts on them): an error a test provokes on purpose is checked, and one it did not expect is a bug.
 */
const logged: unknown[][] = [];
let expected = false;

/** The console.error calls of the running test so far; calling it says the test expects them. */
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
    throw new Error(`console.error was called ${logged.length} time(s) during the test; first: ${first}`);
  }
});
