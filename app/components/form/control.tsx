import type { ComponentPropsWithRef } from "react";
import { isInvalid, useRefusalAutoFocus } from "./refusal-focus";

/**
 * Native controls that take part in the refusal focus (refusal-focus.tsx): rendered invalid by the server after a
 * POST without JavaScript, the first of them in the page gets `autofocus`. Everything else is the native element.
 */
export function Input(props: ComponentPropsWithRef<"input">) {
  const autoFocus = useRefusalAutoFocus(isInvalid(props["aria-invalid"])) || props.autoFocus;
  return <input {...props} autoFocus={autoFocus} />;
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
