import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { Alert } from "~/components/form/control";
import { JsFlag } from "~/components/form/js-flag";
import { button, formError } from "~/styles/ui.css";
import { ConfirmDialog } from "./confirm-dialog";
import * as cd from "./confirm-dialog.css";

/** What a review answers and its confirmation posts again: the order's values and its one-time key. */
export type ReviewedOrder = { values: Record<string, string>; key: string };

/**
 * The confirmation of a reviewed order (lever, second contract): the figures the server reviewed (`children`), the
 * refusal of an earlier confirm (`errors`), then a form that posts `intent=open` with the reviewed values, the
 * one-time key (a double confirm places one order) and the review itself, which the server checks and shows again
 * when it refuses the confirm; `fields` are what the confirm asks for (a trade password). A plain `<dialog open>`
 * without JavaScript, a modal with it (see ConfirmDialog).
 */
export function ReviewConfirm({
  fetcherKey,
  answer,
  review,
  here,
  titleId,
  title,
  backLabel,
  confirmLabel,
  up,
  errors,
  fields,
  children,
}: {
  /** The order form's fetcher: the confirm's answer replaces the review's. */
  fetcherKey: string;
  answer: unknown;
  review: ReviewedOrder;
  /** The page to come back to without JavaScript. */
  here: string;
  titleId: string;
  title: string;
  backLabel: string;
  confirmLabel: string;
  /** The confirming button's colour: up (buy, long) or down. */
  up: boolean;
  errors: string[];
  fields?: ReactNode;
  children: ReactNode;
}) {
  const fetcher = useFetcher({ key: fetcherKey });
  return (
    <ConfirmDialog answer={answer} reviewKey={review.key} titleId={titleId} title={title} backLabel={backLabel}>
      {children}
      {errors.length ? <Alert className={formError}>{errors.join(" ")}</Alert> : null}
      <fetcher.Form method="post" className={cd.form}>
        <input type="hidden" name="intent" value="open" />
        {Object.entries(review.values).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="idempotency_key" value={review.key} />
        <input type="hidden" name="review" value={JSON.stringify(review)} />
        <input type="hidden" name="back" value={here} />
        <JsFlag />
        {fields}
        <button type="submit" className={up ? button.up : button.down} aria-disabled={fetcher.state !== "idle" || undefined}>
          {confirmLabel}
        </button>
      </fetcher.Form>
    </ConfirmDialog>
  );
}
