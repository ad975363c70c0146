import { createContext, useContext } from "react";

/**
 * The JSON of the page language's client strings, written once into `<script id="i18n-data">`.
 * It travels outside the root loader's data: there it was sent a second time in the page (inside
 * Remix's hydration data) and again with every revalidation of the root loader. The server
 * provides a function that builds it from the namespaces the render used so far (the script is
 * rendered after the page's content, so that is all of them); the browser provides the text it
 * found in the page, so the script element hydrates unchanged.
 */
const I18nPayloadContext = createContext<string | (() => string)>("");
export const I18nPayloadProvider = I18nPayloadContext.Provider;

/** Place after the page's content. */
export function I18nDataScript() {
  const payload = useContext(I18nPayloadContext);
  const json = typeof payload === "function" ? payload() : payload;
  return json ? <script id="i18n-data" type="application/json" dangerouslySetInnerHTML={{ __html: json }} /> : null;
}
