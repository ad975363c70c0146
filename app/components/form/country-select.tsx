import type { SelectHTMLAttributes } from "react";
import { useTranslation } from "~/lib/translate";
import { field, input, label } from "~/styles/ui.css";
import { ErrorLine } from "./field";
import * as s from "./form.css";

export type AreaOption = { id: number; name: string; global_code: string };

/**
 * Country-code picker (a phone number's, on sign-in, sign-up and /bindAccount): a native <select> of default/area_list.
 * Its error line's id is the select's followed by "-error", as a form field's (conform's errorId) always is.
 */
export function CountrySelect({
  areas,
  selectProps,
  errors,
}: {
  areas: AreaOption[];
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string };
  errors?: string[];
}) {
  const { t } = useTranslation("auth");
  return (
    <div className={field}>
      <label htmlFor={selectProps.id} className={label}>
        {t("fields.country")}
      </label>
      <select {...selectProps} className={`${input} ${s.select}`}>
        {areas.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name} (+{a.global_code})
          </option>
        ))}
      </select>
      <ErrorLine id={`${selectProps.id}-error`} errors={errors} />
    </div>
  );
}
