import { Form, useSubmit } from "@remix-run/react";
import { useRef } from "react";
import { input } from "~/styles/ui.css";
import * as s from "./search-form.css";

/**
 * A search of a list as a GET form (`?q=`): it works without JavaScript (submit, the page comes back filtered); with
 * it, the list filters as one types (the form is submitted a moment after the last key, replacing the history entry).
 * `keep` are the page's other query values (tab, sort) carried along. `result` says what a search found ('3 pairs
 * match "bt"'): shown under the field and announced politely (the line is always there, empty without a search).
 */
export function SearchForm({
  id,
  label,
  button,
  value,
  keep = {},
  action,
  result,
}: {
  id: string;
  label: string;
  button: string;
  value: string;
  keep?: Record<string, string | undefined>;
  action?: string;
  result?: string;
}) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  return (
    <div>
      <Form
        method="get"
        action={action}
        role="search"
        className={s.form}
        preventScrollReset
        onChange={(e) => {
          const form = e.currentTarget;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), 250);
        }}
      >
        {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={value}
          placeholder={label}
          className={`${input} ${s.input}`}
          maxLength={20}
          autoComplete="off"
        />
        <button type="submit" className={s.button}>
          {button}
        </button>
      </Form>
      <p role="status" className={s.result}>
        {value ? result : null}
      </p>
    </div>
  );
}
