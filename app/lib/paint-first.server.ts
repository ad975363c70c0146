import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/**
 * The page paints before its JavaScript is fetched (docs/architecture.md, "Paint first").
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
 * Where the text can be cut so that no pattern is split: before the longest tail that could be the start of a
 * pattern, and before any whole pattern that would reach past that.
 */
export function safeCut(text: string): number {
  let cut = text.length;
  for (const [from] of RULES)
    for (let k = Math.min(from.length - 1, text.length); k > 0; k--)
      if (from.startsWith(text.slice(text.length - k))) {
        cut = Math.min(cut, text.length - k);
        break;
      }
  for (let moved = true; moved;) {
    moved = false;
    for (const [from] of RULES) {
      const at = text.lastIndexOf(from, cut - 1);
      if (at >= 0 && at < cut && at + from.length > cut) {
        cut = at;
        moved = true;
      }
    }
  }
  return cut;
}

/** A stream for the HTML of a document response that defers its scripts as above. */
export function paintFirst(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = held + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const cut = safeCut(text);
      held = text.slice(cut);
      done(null, rewrite(text.slice(0, cut)));
    },
    flush(done) {
      done(null, rewrite(held + decoder.end()));
    },
  });
}
