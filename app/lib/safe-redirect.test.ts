import { safeRedirect } from "./safe-redirect";

const SITE = "https://exchange.example";

/** Where a browser goes with this Location, answered to a page of SITE (the browser strips TAB/CR/LF and reads \ as /). */
function browserTarget(location: string): URL {
  return new URL(location, `${SITE}/login`);
}

// [spelling, what arrives at the helper (form values arrive decoded), expected answer]
const OFF_SITE: [string, string][] = [
  ["TAB after the slash", "/\t/evil.example"],
  ["TAB inside the slashes", "/\t\t/evil.example/x?y=1"],
  ["CR", "/\r/evil.example"],
  ["LF", "/\n/evil.example"],
  ["CRLF header injection", "/home\r\nSet-Cookie: x=1"],
  ["vertical tab", "/\u000b/evil.example"],
  ["form feed", "/\f/evil.example"],
  ["NUL", "/\u0000/evil.example"],
  ["DEL", "/\u007f/evil.example"],
  ["C1 control (CSI)", "/\u009b/evil.example"],
  ["backslash after the slash", "/\\evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash then slash", "\\/evil.example"],
  ["slash backslash slash", "/\\/evil.example"],
  ["scheme-relative", "//evil.example"],
  ["scheme-relative with path", "//evil.example/home"],
  ["three slashes", "///evil.example"],
  ["dot segment that normalizes to //", "/.//evil.example"],
  ["dot-dot segment that normalizes to //", "/x/..//evil.example"],
  ["absolute http", "http://evil.example/"],
  ["absolute https", "https://evil.example/home"],
  ["absolute with userinfo", "https://exchange.example@evil.example/"],
  ["scheme without slashes", "http:evil.example"],
  ["javascript:", "javascript:alert(document.cookie)"],
  ["JavaScript: mixed case, leading space", " JavaScript:alert(1)"],
  ["data:", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
  ["relative name (not a path)", "evil.example"],
  ["encoded //, not a path", "%2F%2Fevil.example"],
  ["encoded TAB, not a path", "%09/evil.example"],
  ["empty", ""],
  ["very long", "/" + "a".repeat(5000)],
];

// Encoded forms stay encoded: a browser does not decode %09, %5C or %2F before resolving, so these are paths here.
const ON_SITE: [string, string, string][] = [
  ["plain path", "/markets", "/markets"],
  ["path with query and hash", "/markets?tab=BTC#top", "/markets?tab=BTC#top"],
  ["encoded TAB in the path", "/%09/evil.example", "/%09/evil.example"],
  ["encoded CR LF in the path", "/%0D%0A/evil.example", "/%0D%0A/evil.example"],
  ["encoded backslash", "/%5C/evil.example", "/%5C/evil.example"],
  ["encoded // after a slash", "/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ["a path named javascript:", "/javascript:alert(1)", "/javascript:alert(1)"],
  ["dot segments", "/a/../trade?symbol=BTC/USDT", "/trade?symbol=BTC/USDT"],
  ["non-ASCII is percent-encoded", "/notice?q=日本", "/notice?q=%E6%97%A5%E6%9C%AC"],
  ["a space in the query", "/markets?q=a b", "/markets?q=a%20b"],
];

describe("safeRedirect", () => {
  it.each(OFF_SITE)("%s → the default page", (_name, to) => {
    expect(safeRedirect(to)).toBe("/home");
    expect(safeRedirect(to, "/assets/withdraw")).toBe("/assets/withdraw");
  });

  it.each(ON_SITE)("%s → kept as a path of this site", (_name, to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it.each([...OFF_SITE.map(([n, to]) => [n, to]), ...ON_SITE.map(([n, to]) => [n, to])])(
    "%s: the answer is a valid Location header that a browser resolves to this site",
    (_name, to) => {
      const location = safeRedirect(to);
      expect(() => new Headers({ Location: location })).not.toThrow();
      expect(browserTarget(location).origin).toBe(SITE);
      // eslint-disable-next-line no-control-regex -- control characters are what it looks for
      expect(location).not.toMatch(/[\u0000-\u001f\u007f\\]/);
    },
  );

  it("gives the fallback for what is not a string", () => {
    expect(safeRedirect(null, "/login")).toBe("/login");
    expect(safeRedirect(undefined)).toBe("/home");
    expect(safeRedirect(new File(["x"], "f.txt"), "/x")).toBe("/x");
    expect(safeRedirect("//evil.example", "")).toBe("");
  });
});
