import { useCallback } from "react";
import { useTranslation } from "~/lib/translate";
import type { Translate } from "./constants";

/** The `auth` translator (other namespaces by prefix) in the shape the schemas take; stable per language. */
export function useAuthT(): Translate {
  const { t, i18n } = useTranslation("auth");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new translator when the language changes
  return useCallback((key: string, options?: Record<string, unknown>) => t(key, options) as string, [t, i18n.language]);
}
