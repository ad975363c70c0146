import type { ComponentPropsWithRef, ReactNode } from "react";
import { TextField, type FieldErrors } from "./field";

/** The authenticator app's codes are 6 digits. */
export const GOOGLE_CODE_LENGTH = 6;

/**
 * The authenticator code input (6 digits), the same wherever a form asks for one: a numeric keypad, the code the
 * phone offers from its authenticator app (`one-time-code`), required. `inputProps` carries the id, name and error
 * wiring (conform's `getInputProps`, or by hand where the code is not in the form's schema).
 */
export function GoogleCodeField({
  label,
  inputProps,
  field,
}: {
  label: ReactNode;
  inputProps: ComponentPropsWithRef<"input"> & { id: string };
  field: FieldErrors;
}) {
  return (
    <TextField
      label={label}
      inputProps={{ ...inputProps, inputMode: "numeric", autoComplete: "one-time-code", maxLength: GOOGLE_CODE_LENGTH, required: true }}
      field={field}
    />
  );
}
