import { lazyModule, useLazyModule } from "~/lib/use-lazy-validate";

/** The sign-in schemas with parseWithZod (zod included), fetched after hydration, shared by the four forms. */
const authValidate = lazyModule(() => import("./validate"));

/** app/features/auth/validate.ts once loaded, else undefined (the server validates meanwhile). */
export function useAuthValidate() {
  return useLazyModule(authValidate);
}
