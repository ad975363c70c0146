import { describe, expect, it } from "vitest";
import { articleText, safeImageUrl, sanitizeArticleHtml } from "./sanitize.server";

describe("sanitizeArticleHtml", () => {
  it("removes script and style tags with their content", () => {
    const out = sanitizeArticleHtml("<p>Hello</p><script>alert(1)</script><style>body{display:none}</style>");
    expect(out).toBe("<p>Hello</p>");
    expect(out).not.toContain("alert");
  });
  it("removes event handler attributes", () => {
    const out = sanitizeArticleHtml('<img src="/a.png" onerror="alert(1)" alt="a"><p onclick="steal()">x</p>');
    expect(out).not.toMatch(/onerror|onclick|alert|steal/);
    expect(out).toContain('<img src="/a.png" alt="a" />');
    expect(out).toContain("<p>x</p>");
  });
  it("removes javascript: and data: URLs, in any case or with entities", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "  javascript:alert(1)",
      "&#106;avascript:alert(1)",
      "java&#x09;script:alert(1)",
    ]) {
      const out = sanitizeArticleHtml(`<a href="${href}">x</a>`);
      expect(out.toLowerCase()).not.toContain("javascript");
      expect(out).not.toContain("alert");
    }
    expect(sanitizeArticleHtml('<img src="data:image/svg+xml,<svg onload=alert(1)>">')).toBe("");
    expect(sanitizeArticleHtml('<img src="javascript:alert(1)">')).toBe("");
  });
  it("removes iframes, objects, forms and inline styles", () => {
    const out = sanitizeArticleHtml(
      '<iframe src="https://evil.example">inner</iframe><object data="x"></object><form action="/x"><input name="a"></form><p style="color:red">ok</p>',
    );
    expect(out).toBe("<p>ok</p>");
  });
  it("keeps formatting, and makes links noopener noreferrer", () => {
    const out = sanitizeArticleHtml(
      '<h1>T</h1><p><strong>b</strong> <em>i</em></p><ul><li>one</li></ul><a href="https://example.com" target="_blank">go</a><a href="/notice?id=1">in</a>',
    );
    expect(out).toContain("<h2>T</h2>");
    expect(out).toContain("<strong>b</strong> <em>i</em>");
    expect(out).toContain("<ul><li>one</li></ul>");
    expect(out).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">go</a>');
    expect(out).toContain('<a href="/notice?id=1" rel="noopener noreferrer">in</a>');
  });
  it("keeps http(s) and relative images only", () => {
    expect(sanitizeArticleHtml('<img src="https://cdn.example/a.png" alt="">')).toContain('src="https://cdn.example/a.png"');
    expect(sanitizeArticleHtml('<img src="/images/a.png" alt="">')).toContain('src="/images/a.png"');
    expect(sanitizeArticleHtml('<img src="//evil.example/a.png">')).toBe("");
    expect(sanitizeArticleHtml('<img src="ftp://evil.example/a.png">')).toBe("");
  });
  it("escapes stray markup instead of dropping text", () => {
    expect(sanitizeArticleHtml("<p>1 < 2 & 3</p>")).toBe("<p>1 &lt; 2 &amp; 3</p>");
  });
});

describe("articleText", () => {
  it("strips tags, scripts and collapses whitespace", () => {
    expect(articleText("<h2>Hi</h2>\n<p>there &amp; <b>you</b></p><script>x()</script>")).toBe("Hi there & you");
  });
  it("cuts long text with an ellipsis", () => {
    expect(articleText("<p>" + "a".repeat(300) + "</p>", 10)).toBe("aaaaaaaaa…");
  });
});

describe("safeImageUrl", () => {
  it("accepts paths and http(s) only", () => {
    expect(safeImageUrl("/images/banners/a.svg")).toBe("/images/banners/a.svg");
    expect(safeImageUrl("https://cdn.example/a.png")).toBe("https://cdn.example/a.png");
    expect(safeImageUrl("javascript:alert(1)")).toBe("");
    expect(safeImageUrl("//evil.example/a.png")).toBe("");
    expect(safeImageUrl("data:image/png;base64,AAA")).toBe("");
    expect(safeImageUrl("")).toBe("");
  });
});
