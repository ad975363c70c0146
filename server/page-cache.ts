/**
 * A very short-lived cache of the public market screens as rendered for visitors who are not signed in (issue 14).
 *
 * Every anonymous visitor of /trade gets the same page for the same pair, language and theme, and rendering it
 * (the market, the book, the trades, the candles and their SVG) is most of the server's work. So for one second a
 * rendered page is served again to every anonymous request with the same address and the same cookies and
 * language, and concurrent identical requests share one render. The live relay updates the page after hydration
 * as it would a freshly rendered one; without JavaScript a page is at most a second old.
 *
 * What keeps it safe:
 * - only GET document requests to the listed paths, and only without a session cookie (a signed-in page, or one
 *   carrying a flash message, is never cached or served from here);
 * - the key holds the full address, the Cookie header (theme, language, the saved pair) and Accept-Language;
 * - only a 200 HTML answer is kept, and only if the cookies it sets are the listed preference cookies (replayed);
 * - the CSP nonce of the render is replaced by the request's own in the body (it is 16 random bytes: it occurs
 *   nowhere else), so the inline scripts run under the new response's policy.
 */

import { constants, crc32, deflateRawSync } from "node:zlib";

export type CachedPage = {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Buffer;
  nonce: string;
  /** The body's pieces between the nonces, raw and deflated once (made at the first gzip answer). */
  deflated?: { raw: Buffer[]; pieces: Buffer[] };
};

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);
/** An empty final deflate block: ends the stream after byte-aligned (full-flushed) pieces. */
const DEFLATE_END = Buffer.from([0x03, 0x00]);

const SESSION_COOKIES = /(?:^|;\s*)(?:__Host-sid|sid)=/;

export interface PageCacheOptions {
  /** Paths (exact) whose anonymous renders may be shared. */
  paths: readonly string[];
  /** Cookies a shared page may set (replayed with it). */
  replayCookies: readonly string[];
  ttlMs?: number;
  maxEntries?: number;
  now?: () => number;
}

export class PageCache {
  private readonly entries = new Map<string, { until: number; page: Promise<CachedPage | null> }>();
  private readonly paths: ReadonlySet<string>;
  private readonly ttl: number;
  private readonly max: number;
  private readonly now: () => number;
  hits = 0;
  misses = 0;

  constructor(private readonly opts: PageCacheOptions) {
    this.paths = new Set(opts.paths);
    this.ttl = opts.ttlMs ?? 1000;
    this.max = opts.maxEntries ?? 500;
    this.now = opts.now ?? Date.now;
  }

  /** The cache key of a request, or null when its page must be rendered for it alone. */
  keyOf(method: string, url: URL, headers: { cookie?: string; acceptLanguage?: string; accept?: string }): string | null {
    if (method !== "GET" || !this.paths.has(url.pathname)) return null;
    if (url.pathname.endsWith(".data") || url.searchParams.has("_data")) return null;
    const cookie = headers.cookie ?? "";
    if (SESSION_COOKIES.test(cookie)) return null;
    return `${url.pathname}${url.search}\n${cookie}\n${headers.acceptLanguage ?? ""}\n${/text\/html/.test(headers.accept ?? "") ? "html" : "any"}`;
  }

  /** Whether a rendered answer may be shared: a 200 HTML page setting no cookie but the listed preferences. */
  shareable(status: number, headers: [string, string][]): boolean {
    if (status !== 200) return false;
    const type = headers.find(([k]) => k.toLowerCase() === "content-type")?.[1] ?? "";
    if (!/^text\/html/i.test(type)) return false;
    return headers.every(([k, v]) => k.toLowerCase() !== "set-cookie" || this.opts.replayCookies.some((name) => v.startsWith(`${name}=`)));
  }

  /**
   * The page for `key`: a fresh shared one, the render in progress for the same key, or a new render. `render`
   * answers the page (or null when it is not shareable; the caller then renders for its own request).
   */
  async get(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > t) {
      this.hits++;
      return hit.page;
    }
    this.misses++;
    if (this.entries.size >= this.max)
      for (const [k, e] of this.entries) if (e.until <= t || this.entries.size >= this.max) this.entries.delete(k);
    const page = render().catch(() => null);
    const entry = { until: t + this.ttl, page };
    this.entries.set(key, entry);
    // An answer that cannot be shared is not kept: the next request renders for itself.
    void page.then((p) => {
      if (!p && this.entries.get(key) === entry) this.entries.delete(key);
    });
    return page;
  }

  /**
   * The gzip body for a response carrying `nonce`, without compressing the page again: the pieces of the page
   * between its nonces are deflated once per render (each ends on a full flush, so deflate streams can follow one
   * another), and each answer only adds the new nonce as a stored block and the gzip trailer (its CRC-32 runs over
   * the pieces and the nonce, ~0.05 ms for a 66 KB page). Compressing the page per answer took 2–5 ms of the
   * event loop, which is what capped a shared page's throughput.
   */
  static gzipWithNonce(page: CachedPage, nonce: string): Buffer {
    if (!page.deflated) {
      const text = page.body.toString("utf8");
      const raw = (page.nonce ? text.split(page.nonce) : [text]).map((piece) => Buffer.from(piece, "utf8"));
      page.deflated = { raw, pieces: raw.map((piece) => deflateRawSync(piece, { level: 6, finishFlush: constants.Z_FULL_FLUSH })) };
    }
    const { raw, pieces } = page.deflated;
    const nonceBytes = Buffer.from(nonce, "utf8");
    const stored = deflateRawSync(nonceBytes, { level: 0, finishFlush: constants.Z_FULL_FLUSH });
    const out: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let size = 0;
    for (let i = 0; i < pieces.length; i++) {
      if (i > 0) {
        out.push(stored);
        crc = crc32(nonceBytes, crc);
        size += nonceBytes.length;
      }
      out.push(pieces[i]!);
      crc = crc32(raw[i]!, crc);
      size += raw[i]!.length;
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size >>> 0, 4);
    out.push(DEFLATE_END, trailer);
    return Buffer.concat(out);
  }

  /** The body for a response carrying `nonce` (the render's nonce replaced everywhere it occurs). */
  static withNonce(page: CachedPage, nonce: string): Buffer {
    if (!page.nonce || page.nonce === nonce) return page.body;
    return Buffer.from(page.body.toString("utf8").split(page.nonce).join(nonce), "utf8");
  }
}
