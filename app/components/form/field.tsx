import type { ComponentPropsWithRef, ReactNode } from "react";
import { field as fieldClass, fieldError, formError, input, label as labelClass } from "~/styles/ui.css";
import * as s from "./form.css";

type InputProps = ComponentPropsWithRef<"input"> & { id: string };

/** A labelled input with its error line (the id conform's aria-describedby points at). */
export function TextField({
  label,
  inputProps,
  errorId,
  errors,
  hint,
  hintId,
  after,
  extra,
}: {
  label: ReactNode;
  inputProps: InputProps;
  errorId: string;
  errors?: string[];
  hint?: ReactNode;
  hintId?: string;
  /** Rendered beside the input (the send-code button). */
  after?: ReactNode;
  /** Rendered under the error line (the send-code status). */
  extra?: ReactNode;
}) {
  const { className, ...rest } = inputProps;
  const control = <input {...rest} className={[input, after ? s.grow : "", className ?? ""].join(" ").trim()} />;
  return (
    <div className={fieldClass}>
      <label htmlFor={inputProps.id} className={labelClass}>
        {label}
      </label>
      {after ? (
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
      <ErrorLine id={errorId} errors={errors} />
      {extra}
    </div>
  );
}

export function ErrorLine({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p id={id} className={fieldError}>
      {errors?.length ? errors.join(" ") : null}
    </p>
  );
}

/** A checkbox with its label to the right and its error line below. */
export function CheckboxField({
  inputProps,
  label,
  errorId,
  errors,
}: {
  inputProps: InputProps;
  label: ReactNode;
  errorId: string;
  errors?: string[];
}) {
  return (
    <div>
      <div className={s.check}>
        <input {...inputProps} className={s.checkbox} />
        <label htmlFor={inputProps.id}>{label}</label>
      </div>
      {errors?.length ? <ErrorLine id={errorId} errors={errors} /> : null}
    </div>
  );
}

/** Form-level error (the exchange's msg, the rate limit): announced at once. */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <div id={id} role="alert" className={formError}>
      {errors.join(" ")}
    </div>
  ) : null;
}
