import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { BCP47 } from "~/i18n";
import { getLang } from "~/lib/i18next.server";
import { log } from "~/lib/log.server";
import { paintFirst } from "~/lib/paint-first.server";
import { I18nPayloadProvider } from "~/lib/i18n-payload";
import { i18nPayload } from "~/lib/i18n-payload.server";
import { resources } from "~/lib/locales.server";
import { NonceProvider } from "~/lib/nonce";
import { ServerOnlyProvider } from "~/lib/server-only";
import { shareMarkup } from "~/lib/shared-markup.server";
import { TranslationProvider } from "~/lib/translate";

export const streamTimeout = 5_000;

/** Signed-in pages carry account data: never let a shared cache keep them. */
function privateCaching(request: Request, headers: Headers) {
  const cookie = request.headers.get("Cookie") ?? "";
  if (/(^|;\s*)(__Host-)?sid=[^;]/.test(cookie) || headers.has("Set-Cookie")) headers.set("Cache-Control", "no-store");
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  privateCaching(request, response.headers);
  return response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lang = await getLang(request);
  privateCaching(request, responseHeaders);
  const nonce = loadContext.nonce;
  // The namespaces this render reads: the page carries only their strings (lib/i18n-payload.server).
  const used = new Set<string>();
  const hooks = { use: (ns: string) => void used.add(ns) };
  const strings = resources()[lang];
  const share = shareMarkup({ lang, locale: BCP47[lang], resources: strings, hooks });
  const callback = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let didError = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nPayloadProvider value={() => i18nPayload(lang, used)}>
          <TranslationProvider lang={lang} locale={BCP47[lang]} resources={strings} hooks={hooks}>
            <ServerOnlyProvider value={{ ...loadContext.serverOnly, answersPost: request.method === "POST", shareMarkup: share }}>
              <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={streamTimeout} />
            </ServerOnlyProvider>
          </TranslationProvider>
        </I18nPayloadProvider>
      </NonceProvider>,
      {
        nonce,
        [callback]() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: didError ? 500 : responseStatusCode }),
          );
          // The scripts wait for the first paint (lib/paint-first.server).
          const paint = paintFirst();
          paint.pipe(body);
          pipe(paint);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          didError = true;
          log().error({ err: error }, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** A loader or action that threw (not a thrown Response): into the log with its path, never the query (it may carry a code). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  log().error({ err: error, method: request.method, path: new URL(request.url).pathname }, "a loader or action failed");
};
