import { useState, type ComponentProps } from "react";
import { useTranslation } from "~/lib/translate";
import { useHydrated } from "remix-utils/use-hydrated";
import * as s from "./form.css";
import { TextField } from "./field";

/**
 * A labelled password input: a text field whose button beside the input, with JavaScript, shows or hides the password
 * (named 'Show password' / 'Hide password'); without it the field is a plain password input.
 */
export function PasswordField({ inputProps, ...field }: Omit<ComponentProps<typeof TextField>, "after" | "extra">) {
  const { t } = useTranslation("auth");
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...field}
      inputProps={{ ...inputProps, type: visible ? "text" : "password", className: hydrated ? s.passwordInput : "" }}
      // Given even before the toggle comes (null): the input sits in its row from the start, so it keeps its place, and
      // what was typed, when the page hydrates.
      after={
        hydrated ? (
          <button
            type="button"
            className={s.toggle}
            aria-controls={inputProps.id}
            aria-label={t(visible ? "fields.hidePassword" : "fields.showPassword")}
            onClick={() => setVisible((v) => !v)}
          >
            {t(visible ? "fields.hide" : "fields.show")}
          </button>
        ) : null
      }
    />
  );
}
