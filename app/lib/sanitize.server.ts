import sanitizeHtml from "sanitize-html";

/**
 * Article HTML comes from the exchange's news tables, which operators edit by hand: it is
 * untrusted. Everything rendered with dangerouslySetInnerHTML goes through here first.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "div",
    "span",
    "blockquote",
    "pre",
    "code",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "del",
    "ins",
    "mark",
    "small",
    "sub",
    "sup",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Drop these with everything inside them, not only the tags.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "template", "title", "head"],
  transformTags: {
    // The page has its own <h1>: an article's headings start one level below it.
    h1: "h2",
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs, rel: "noopener noreferrer" };
      if (out.target && out.target !== "_blank") delete out.target;
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Safe HTML for an article body: formatting, links (rel=noopener noreferrer) and http(s)/relative images only. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html ?? "", OPTIONS);
}

/** Plain text of an article (for a popup excerpt), whitespace collapsed, cut at `max` characters. */
export function articleText(html: string, max = 200): string {
  const text = sanitizeHtml(html ?? "", { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(text);
  return chars.length > max
    ? chars
        .slice(0, max - 1)
        .join("")
        .trimEnd() + "…"
    : text;
}

/** A banner or image URL we will put in src: same-site path or http(s) only. */
export function safeImageUrl(url: string | null | undefined): string {
  const u = (url ?? "").trim();
  if (!u) return "";
  if (u.startsWith("/") && !u.startsWith("//") && !u.startsWith("/\\")) return u;
  return /^https?:\/\/[^\s]+$/i.test(u) ? u : "";
}
