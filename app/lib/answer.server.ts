import { data } from "@remix-run/node";
import type { ApiArgs } from "./api.server";
import { JS_FIELD, JS_VALUE } from "./answer";
import { safeRedirect } from "./safe-redirect";
import { redirectWithToast, type FlashData } from "./session.server";

export type Toast = FlashData["toast"];

/**
 * What every intent of a screen's action works with (the pair screens' `actions.server.ts`): the request's arguments,
 * the posted form, the screen's translator, and the address of this screen that a redirect answer goes back to.
 */
export type FormActionContext<T> = { args: ApiArgs; request: Request; formData: FormData; t: T; to: string };

/** Whether the form was sent by a hydrated page (it carried `<JsFlag />`): the page stays and reads data. */
export function wantsData(formData: FormData): boolean {
  return formData.get(JS_FIELD) === JS_VALUE;
}

/**
 * The one answer to a form's outcome, in both modes (docs/decisions/026-redirect-or-data.md):
 * - sent with JavaScript (`wantsData`): `data(payload)`, 400 when the toast is an error and 200 otherwise, so the
 *   page that stays (useActionData or a fetcher) says what happened;
 * - sent without it: Post/Redirect/Get, a redirect to `to` with `toast` flashed in the session cookie; the page it
 *   lands on shows the toast. The redirect is thrown, so the action's data type stays the payload's.
 *
 * `to` must be a path of this site; anything else goes to the path the form was posted to (or /home).
 */
export async function redirectOrData<T>(request: Request, formData: FormData, outcome: { to: string; toast: Toast; data: T }) {
  if (!wantsData(formData)) {
    const here = safeRedirect(new URL(request.url).pathname);
    throw await redirectWithToast(request, safeRedirect(outcome.to, here), outcome.toast);
  }
  return data<T>(outcome.data, { status: outcome.toast.kind === "error" ? 400 : 200 });
}
