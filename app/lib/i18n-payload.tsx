import { createContext, useContext } from "react";

/**
 * The JSON of the page language's client strings, written once into `<script id="i18n-data">`.
 * It travels outside the root loader's data: there it was sent a second time in the page (inside
 * Remix's hydration data) and again with every revalidation of the root loader. The server
 * provides the string it rendered; the browser provides the text it found in the page, so the
 * script element hydrates unchanged.
 */
const I18nPayloadContext = createContext<string>("");
export const I18nPayloadProvider = I18nPayloadContext.Provider;
export function useI18nPayload() {
  return useContext(I18nPayloadContext);
}
