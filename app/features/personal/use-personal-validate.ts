import { useMemo } from "react";
import { useTranslation } from "~/lib/translate";
import { lazyModule, useLazyModule } from "~/lib/use-lazy-validate";
import type { FormName } from "./schemas";

const personalValidate = lazyModule(() => import("./validate"));

/** The form's onValidate once app/features/personal/validate.ts has loaded, else undefined (the server validates). */
export function usePersonalValidate<F extends FormName>(form: F) {
  const { t } = useTranslation("kyc");
  const v = useLazyModule(personalValidate);
  return useMemo(() => v?.validatorOf(form, (k, o) => t(k, o)), [v, form, t]);
}
