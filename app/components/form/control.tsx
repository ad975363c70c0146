import type { ComponentPropsWithRef, KeyboardEvent } from "react";
import { formError, input } from "~/styles/ui.css";
import { isInvalid, useRefusalAutoFocus } from "./refusal-focus";

/**
 * Native controls that take part in the refusal focus (refusal-focus.tsx): rendered invalid by the server after a
 * POST without JavaScript, the first of them in the page gets `autofocus`. Everything else is the native element.
 */
export function Input(props: ComponentPropsWithRef<"input">) {
  const autoFocus = useRefusalAutoFocus(isInvalid(props["aria-invalid"])) || props.autoFocus;
  return <input {...props} autoFocus={autoFocus} />;
}

/** 'e', '+' and '-' never reach a price, a quantity or a count (docs/product.md, "Money and rounding"). */
export function blockNonDigits(e: KeyboardEvent<HTMLInputElement>) {
  if (e.key === "e" || e.key === "E" || e.key === "-" || e.key === "+") e.preventDefault();
}

/**
 * A figure typed into an order (a price, a quantity, hands): an Input with the field's look, a decimal keypad unless
 * `inputMode` says otherwise, no autocomplete, and 'e', '+' and '-' kept out as they are typed.
 */
export function FigureInput(props: ComponentPropsWithRef<"input">) {
  return <Input className={input} inputMode="decimal" autoComplete="off" onKeyDown={blockNonDigits} {...props} />;
}

export function Select(props: ComponentPropsWithRef<"select">) {
  const autoFocus = useRefusalAutoFocus(isInvalid(props["aria-invalid"])) || props.autoFocus;
  return <select {...props} autoFocus={autoFocus} />;
}

export function Textarea(props: ComponentPropsWithRef<"textarea">) {
  const autoFocus = useRefusalAutoFocus(isInvalid(props["aria-invalid"])) || props.autoFocus;
  return <textarea {...props} autoFocus={autoFocus} />;
}

/**
 * A form's alert (a refusal of the whole form): rendered only when there is one, so it takes part in the refusal
 * focus as an invalid field does (focusable by script, `tabIndex` -1).
 */
export function Alert(props: ComponentPropsWithRef<"p">) {
  const autoFocus = useRefusalAutoFocus(true);
  return <p role="alert" tabIndex={-1} {...props} autoFocus={autoFocus} />;
}

/** A form's own refusal (its `errors`, not a field's), at `id`: an Alert when there is one. */
export function FormAlert({ id, errors, className = formError }: { id: string; errors?: string[]; className?: string }) {
  return errors?.length ? (
    <Alert id={id} className={className}>
      {errors.join(" ")}
    </Alert>
  ) : null;
}
