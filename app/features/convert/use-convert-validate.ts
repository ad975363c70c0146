import { lazyModule, useLazyModule } from "~/lib/use-lazy-validate";

const convertValidate = lazyModule(() => import("./convert-validate"));

/** convert-validate.ts once loaded, else undefined (the server validates meanwhile). */
export function useConvertValidate() {
  return useLazyModule(convertValidate);
}
