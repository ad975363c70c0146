import { describe, expect, it } from "vitest";
import { gunzipSync } from "node:zlib";
import { PageCache, type CachedPage } from "./page-cache";

const page = (
  body: string,
  nonce = "N0nce+/==",
  headers: [string, string][] = [["content-type", "text/html; charset=utf-8"]],
): CachedPage => ({
  status: 200,
  statusText: "OK",
  headers,
  body: Buffer.from(body),
  nonce,
});

describe("page cache for signed-out visitors", () => {
  const opts = { paths: ["/trade"], replayCookies: ["tradeinfo"] };
  const url = (p: string) => new URL(`http://x${p}`);

  it("shares only GET document requests to the listed paths without a session cookie", () => {
    const c = new PageCache(opts);
    expect(c.keyOf("GET", url("/trade?symbol=BTCUSDT"), { cookie: "theme=light" })).toContain("/trade?symbol=BTCUSDT\ntheme=light");
    expect(c.keyOf("POST", url("/trade"), {})).toBeNull();
    expect(c.keyOf("GET", url("/assets"), {})).toBeNull();
    expect(c.keyOf("GET", url("/trade"), { cookie: "theme=dark; sid=abc" })).toBeNull();
    expect(c.keyOf("GET", url("/trade"), { cookie: "__Host-sid=abc" })).toBeNull();
    expect(c.keyOf("GET", url("/trade?_data=routes/trade"), {})).toBeNull();
    // Language and cookies are part of the key.
    expect(c.keyOf("GET", url("/trade"), { acceptLanguage: "de" })).not.toBe(c.keyOf("GET", url("/trade"), { acceptLanguage: "fr" }));
  });

  it("keeps a 200 HTML page setting only the listed cookies", () => {
    const c = new PageCache(opts);
    expect(
      c.shareable(200, [
        ["content-type", "text/html"],
        ["set-cookie", "tradeinfo=x; Path=/"],
      ]),
    ).toBe(true);
    expect(
      c.shareable(200, [
        ["content-type", "text/html"],
        ["set-cookie", "sid=x; HttpOnly"],
      ]),
    ).toBe(false);
    expect(c.shareable(302, [["content-type", "text/html"]])).toBe(false);
    expect(c.shareable(200, [["content-type", "application/json"]])).toBe(false);
  });

  it("renders once for concurrent and repeated requests within the second, then again", async () => {
    let t = 0;
    const c = new PageCache({ ...opts, now: () => t });
    let renders = 0;
    const render = async () => (renders++, page(`<p>${renders}</p>`));
    const [a, b] = await Promise.all([c.get("k", render), c.get("k", render)]);
    expect(renders).toBe(1);
    expect(a).toBe(b);
    t = 999;
    await c.get("k", render);
    expect(renders).toBe(1);
    t = 1000;
    expect((await c.get("k", render))!.body.toString()).toBe("<p>2</p>");
    expect([c.hits, c.misses]).toEqual([2, 2]);
  });

  it("does not keep an answer that cannot be shared", async () => {
    const c = new PageCache(opts);
    let renders = 0;
    const render = async () => (renders++, null);
    expect(await c.get("k", render)).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    await c.get("k", render);
    expect(renders).toBe(2);
  });

  it("gives every response its own CSP nonce", () => {
    const p = page('<script nonce="N0nce+/==">a</script><script nonce="N0nce+/==">b</script>');
    expect(PageCache.withNonce(p, "fresh").toString()).toBe('<script nonce="fresh">a</script><script nonce="fresh">b</script>');
  });

  it("answers gzip with the response's nonce without compressing the page again", () => {
    const html = `<!DOCTYPE html><html>${"<p>row é 行</p>".repeat(2000)}<script nonce="N0nce+/==">a</script>${"<td>1</td>".repeat(500)}<script nonce="N0nce+/==">b</script></html>`;
    const p = page(html);
    for (const nonce of ["fresh1", "a-longer-nonce+/==", "N0nce+/=="]) {
      const gz = PageCache.gzipWithNonce(p, nonce);
      expect(gunzipSync(gz).toString("utf8")).toBe(PageCache.withNonce(p, nonce).toString("utf8"));
      expect(gz.length).toBeLessThan(html.length / 10);
    }
    // Deflated once, then reused.
    const pieces = p.deflated!.pieces;
    PageCache.gzipWithNonce(p, "again");
    expect(p.deflated!.pieces).toBe(pieces);
    // A page without a nonce, and an empty one.
    expect(gunzipSync(PageCache.gzipWithNonce(page("<p>x</p>", ""), "n")).toString()).toBe("<p>x</p>");
    expect(gunzipSync(PageCache.gzipWithNonce(page("", "N"), "n")).toString()).toBe("");
  });
});
