import { useMemo } from "react";
import { useTranslation } from "~/lib/translate";
import { lazyModule, useLazyModule } from "~/lib/use-lazy-validate";
import type { BuyLimits, FormName } from "./schemas";

const savingsValidate = lazyModule(() => import("./validate"));

/** The form's onValidate once app/features/savings/validate.ts has loaded, else undefined (the server validates). */
export function useSavingsValidate(form: FormName, limits?: BuyLimits) {
  const { t } = useTranslation("savings");
  const v = useLazyModule(savingsValidate);
  const { limit_number, max_number, code, available, lang } = limits ?? {};
  return useMemo(
    () =>
      v?.validatorOf(
        form,
        (k, o) => t(k, o),
        limit_number !== undefined && max_number !== undefined && code !== undefined && lang !== undefined
          ? { limit_number, max_number, code, available: available ?? null, lang }
          : undefined,
      ),
    [v, form, t, limit_number, max_number, code, available, lang],
  );
}
