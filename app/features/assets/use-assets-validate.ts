import { useMemo } from "react";
import { useTranslation } from "~/lib/translate";
import { lazyModule, useLazyModule } from "~/lib/use-lazy-validate";
import type { FormName } from "./schemas";

const assetsValidate = lazyModule(() => import("./validate"));

/** The form's onValidate once app/features/assets/validate.ts has loaded, else undefined (the server validates). */
export function useAssetsValidate(form: FormName) {
  const { t } = useTranslation("assets");
  const v = useLazyModule(assetsValidate);
  return useMemo(() => v?.validatorOf(form, (k, o) => t(k, o)), [v, form, t]);
}
