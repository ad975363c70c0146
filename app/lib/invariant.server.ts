import { data } from "@remix-run/node";

/**
 * A guard that throws an HTTP answer when a condition fails, so a loader reads top to bottom
 * (`invariantResponse(page, "Not found", { status: 404 })`); the route's ErrorBoundary shows it, localized.
 */
export function invariantResponse(condition: unknown, message: string, init: ResponseInit = { status: 400 }): asserts condition {
  if (!condition) throw data(message, init);
}
