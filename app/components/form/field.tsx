import type { ComponentPropsWithRef, ReactNode } from "react";
import { field as fieldClass, fieldError, formError, input, label as labelClass } from "~/styles/ui.css";
import * as s from "./form.css";
import { isInvalid, useRefusalAutoFocus } from "./refusal-focus";

type InputProps = ComponentPropsWithRef<"input"> & { id: string };

/** What a field shows of its validation: conform's field metadata fits (the id its aria-describedby names, the messages). */
export type FieldErrors = { errorId: string; errors?: string[] };

/** A labelled input with its error line (the id conform's aria-describedby points at). */
export function TextField({
  label,
  inputProps,
  field,
  hint,
  hintId,
  after,
  extra,
}: {
  label: ReactNode;
  inputProps: InputProps;
  field: FieldErrors;
  hint?: ReactNode;
  hintId?: string;
  /**
   * Rendered beside the input (the send-code button). Given at all, even as null for a button that comes with
   * JavaScript, the input sits in a row kept for it.
   */
  after?: ReactNode;
  /** Rendered under the error line (the send-code status). */
  extra?: ReactNode;
}) {
  const { className, ...rest } = inputProps;
  // A refusal without JavaScript: the first invalid field of the page the POST answered is focused (refusal-focus.tsx).
  const autoFocus = useRefusalAutoFocus(isInvalid(rest["aria-invalid"])) || rest.autoFocus;
  const control = (
    <input {...rest} autoFocus={autoFocus} className={[input, after !== undefined ? s.grow : "", className ?? ""].join(" ").trim()} />
  );
  return (
    <div className={fieldClass}>
      <label htmlFor={inputProps.id} className={labelClass}>
        {label}
      </label>
      {after !== undefined ? (
        <div className={s.inputRow}>
          {control}
          {after}
        </div>
      ) : (
        control
      )}
      {hint ? (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorLine field={field} />
      {extra}
    </div>
  );
}

/** A field's error line: the element its input's aria-describedby names, empty while there is nothing to say. */
export function ErrorLine({ field }: { field: FieldErrors }) {
  return (
    <p id={field.errorId} className={fieldError}>
      {field.errors?.length ? field.errors.join(" ") : null}
    </p>
  );
}

/** A checkbox with its label to the right and its error line below. */
export function CheckboxField({ inputProps, label, field }: { inputProps: InputProps; label: ReactNode; field: FieldErrors }) {
  const autoFocus = useRefusalAutoFocus(isInvalid(inputProps["aria-invalid"])) || inputProps.autoFocus;
  return (
    <div>
      <div className={s.check}>
        <input {...inputProps} autoFocus={autoFocus} className={s.checkbox} />
        <label htmlFor={inputProps.id}>{label}</label>
      </div>
      {field.errors?.length ? <ErrorLine field={field} /> : null}
    </div>
  );
}

/**
 * Form-level error (the exchange's msg, the rate limit): announced at once, and focused (so scrolled into view) when
 * it is the page's first refusal (refusal-focus.tsx).
 */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  const shown = Boolean(errors?.length);
  const autoFocus = useRefusalAutoFocus(shown);
  return shown ? (
    <div id={id} role="alert" className={formError} tabIndex={-1} autoFocus={autoFocus}>
      {errors!.join(" ")}
    </div>
  ) : null;
}
