import type { SelectHTMLAttributes } from "react";
import { useTranslation } from "~/lib/translate";
import { field as fieldClass, input, label } from "~/styles/ui.css";
import { ErrorLine, type FieldErrors } from "./field";
import * as s from "./form.css";

export type AreaOption = { id: number; name: string; global_code: string };

/**
 * Country-code picker (a phone number's, on sign-in, sign-up and /bindAccount): a native <select> of default/area_list,
 * with its field's error line where the form validates the country (not on /bindAccount, which has a fixed list).
 */
export function CountrySelect({
  areas,
  selectProps,
  field,
}: {
  areas: AreaOption[];
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string };
  field?: FieldErrors;
}) {
  const { t } = useTranslation("auth");
  return (
    <div className={fieldClass}>
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
      {field ? <ErrorLine field={field} /> : null}
    </div>
  );
}
