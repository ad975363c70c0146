/** A stand-in origin: targets are resolved against it, and only what stays on it is a path of this site. */
const SELF = "http://self.invalid";
const MAX_LENGTH = 2048;

/**
 * The one check for every redirect to a user-supplied target (`page`, `redirectTo`, `back`): the target must be
 * a path of this site, as the URL parser (the browser's) resolves it; anything else gives `fallback`.
 *
 * Browsers drop TAB, CR and LF anywhere in a URL and read `\` as `/`, so `/<TAB>/evil.example` and `/\evil.example`
 * are `//evil.example` to them: a string test on the raw value is not enough. A raw value with a control character
 * or a backslash is refused outright (no link of ours has one; CR/LF would also break the Location header), the rest
 * is parsed against a stand-in origin and must stay on it, and the answer is the parser's serialization (control and
 * non-ASCII characters percent-encoded), never the raw input.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/home"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are what it refuses
  if (!to.startsWith("/") || /[\u0000-\u001f\u007f-\u009f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, SELF);
  } catch {
    return fallback;
  }
  if (url.origin !== SELF) return fallback;
  const path = url.pathname + url.search + url.hash;
  // '/.//evil.example' normalizes to the path '//evil.example', which a browser reads as another host.
  if (!path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
