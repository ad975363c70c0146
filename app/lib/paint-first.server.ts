import { Transform } from "node:stream";

/**
 * The page paints before its JavaScript is fetched (docs/decisions/028-paint-before-scripts.md).
 *
 * Remix ends the body with `<link rel="modulepreload">` for every module of the page and an inline module script
 * that imports them. A browser's preload scanner starts all of them while the HTML is still arriving, so on a slow
 * line the page's 30-odd scripts share the bandwidth with its stylesheet and the first paint waits for them, though
 * none of them is needed to show the server's HTML (every screen works without JavaScript).
 *
 * This stream renames both on their way out, so the browser fetches nothing yet: the links become
 * `rel="x-modulepreload"` and the module script `type="x-module"`. A few lines put in front of Remix's own inline
 * context script then, once the document is parsed and its first frame painted, turn the links back into module
 * preloads and run the module script's text as a module script of the same nonce. Hydration then goes on exactly
 * as before. The elements stay where they were, so React's hydration finds the tree it rendered.
 */
export const PAINT_FIRST_LOADER =
  "(function(n){function go(){" +
  'document.querySelectorAll(\'link[rel="x-modulepreload"]\').forEach(function(l){l.rel="modulepreload"});' +
  "var o=document.querySelector('script[type=\"x-module\"]');if(!o)return;" +
  'var s=document.createElement("script");s.type="module";s.nonce=n;s.textContent=o.textContent;' +
  "document.body.appendChild(s);s.remove()}" +
  "function later(){if(document.hidden)go();else requestAnimationFrame(function(){setTimeout(go,0)})}" +
  'if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",later);else later()' +
  "})(document.currentScript.nonce);";

const RULES: [from: string, to: string][] = [
  ['<link rel="modulepreload"', '<link rel="x-modulepreload"'],
  ['type="module" async=""', 'type="x-module" async=""'],
  ["window.__remixContext = ", PAINT_FIRST_LOADER + "window.__remixContext = "],
];
function rewrite(text: string): string {
  let out = text;
  for (const [from, to] of RULES) if (out.includes(from)) out = out.replaceAll(from, to);
  return out;
}

/**
 * A stream for the HTML of a document response that defers its scripts as above. It holds the page and rewrites it
 * once at the end: a page is sent whole anyway (no screen defers data, and server/index.ts writes the document in one
 * piece), and one pass over 90 KB costs less than looking at each of React's 2 KB pieces for a pattern cut in two.
 */
export function paintFirst(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      done();
    },
    flush(done) {
      // The patterns are at the end of the body: only the text from the first of them on is decoded and rewritten.
      const page = Buffer.concat(chunks);
      const found = RULES.map(([from]) => page.indexOf(from)).filter((at) => at >= 0);
      if (found.length === 0) return done(null, page);
      const at = Math.min(...found);
      done(null, Buffer.concat([page.subarray(0, at), Buffer.from(rewrite(page.subarray(at).toString("utf8")))]));
    },
  });
}
