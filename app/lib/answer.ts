/**
 * The hidden field a form sends, once its page has hydrated, to ask its action for a data answer instead of a
 * redirect with a toast (docs/decisions/026-redirect-or-data.md). `<JsFlag />` renders it; `redirectOrData`
 * (answer.server.ts) reads it. A browser without JavaScript never renders it, so it never sends it.
 */
export const JS_FIELD = "js";
export const JS_VALUE = "1";
