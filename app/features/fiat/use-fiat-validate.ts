import { useMemo } from "react";
import { useTranslation } from "~/lib/translate";
import { lazyModule, useLazyModule } from "~/lib/use-lazy-validate";
import type { FormName } from "./schemas";

const fiatValidate = lazyModule(() => import("./validate"));

/** The form's onValidate once app/features/fiat/validate.ts has loaded, else undefined (the server validates). */
export function useFiatValidate<F extends FormName>(form: F) {
  const { t } = useTranslation("fiat");
  const v = useLazyModule(fiatValidate);
  return useMemo(() => v?.validatorOf(form, (k, o) => t(k, o)), [v, form, t]);
}
