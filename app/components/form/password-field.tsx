import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "~/lib/translate";
import { useHydrated } from "remix-utils/use-hydrated";
import { field as fieldClass, input, label as labelClass } from "~/styles/ui.css";
import * as s from "./form.css";
import { ErrorLine } from "./field";
import { isInvalid, useRefusalAutoFocus } from "./refusal-focus";

/**
 * A labelled password input. With JavaScript a Show/Hide button appears (named 'Show password' /
 * 'Hide password'); without it the field is a plain password input.
 */
export function PasswordField({
  label,
  inputProps,
  errorId,
  errors,
  hint,
  hintId,
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  errorId: string;
  errors?: string[];
  hint?: ReactNode;
  hintId?: string;
}) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const autoFocus = useRefusalAutoFocus(isInvalid(inputProps["aria-invalid"])) || inputProps.autoFocus;
  return (
    <div className={fieldClass}>
      <label htmlFor={inputProps.id} className={labelClass}>
        {label}
      </label>
      <div className={s.passwordWrap}>
        <input
          {...inputProps}
          autoFocus={autoFocus}
          type={visible ? "text" : "password"}
          className={`${input} ${hydrated ? s.passwordInput : ""}`}
        />
        {hydrated ? (
          <button
            type="button"
            className={s.toggle}
            aria-controls={inputProps.id}
            aria-label={t(visible ? "fields.hidePassword" : "fields.showPassword")}
            onClick={() => setVisible((v) => !v)}
          >
            {t(visible ? "fields.hide" : "fields.show")}
          </button>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className={s.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorLine id={errorId} errors={errors} />
    </div>
  );
}
