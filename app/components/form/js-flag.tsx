import { useHydrated } from "remix-utils/use-hydrated";
import { JS_FIELD, JS_VALUE } from "~/lib/answer";

/**
 * Put inside a form whose action answers with `redirectOrData` (app/lib/answer.server.ts): once the page has
 * hydrated, the form asks for a data answer and the page stays; before that, and in a browser without JavaScript,
 * nothing is sent and the action redirects with a toast (docs/decisions/026-redirect-or-data.md).
 */
export function JsFlag() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={JS_FIELD} value={JS_VALUE} /> : null;
}
