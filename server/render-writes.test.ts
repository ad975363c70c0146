import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Writable } from "node:stream";
import { createElement as h, lazy, Suspense, type ReactElement } from "react";
import { describe, expect, it } from "vitest";

// The server's React renderer (its Node production build, the one `npm start` loads) writes the page as text gathered
// up to 8 K characters a write (scripts/patches/, decision 036). The bytes must be the unpatched ones: text in several
// scripts and widths across the gathering's edges, escaping, and a boundary streamed after the shell.
const require = createRequire(import.meta.url);
const cjs = join(dirname(require.resolve("react-dom/package.json")), "cjs");
const nodeBuild = join(cjs, "react-dom-server.node.production.min.js");
const { renderToPipeableStream } = require(nodeBuild) as typeof import("react-dom/server");
const { renderToString } = require(join(cjs, "react-dom-server-legacy.node.production.min.js")) as typeof import("react-dom/server");

/** What a render writes, each write as it came, once everything (or the shell, then the rest) is written. */
function render(
  element: ReactElement,
  when: "onAllReady" | "onShellReady",
  renderer = renderToPipeableStream,
): Promise<{ writes: Buffer[]; html: string }> {
  return new Promise((resolve, reject) => {
    const writes: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        writes.push(chunk);
        done();
      },
      final(done) {
        resolve({ writes, html: Buffer.concat(writes).toString("utf8") });
        done();
      },
    });
    const stream = renderer(element, { [when]: () => stream.pipe(sink), onShellError: reject });
  });
}

/** Where two long texts part, with a little of each from there (a failure shows the place, not 150 KB), or null. */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: ${JSON.stringify(a.slice(i, i + 60))} / ${JSON.stringify(b.slice(i, i + 60))}`;
}

// 2,000 rows in Latin, Thai, Chinese and emoji (1 to 4 bytes a character), so pieces of every width meet the 8 K edge.
const words = ["price", "ราคา", "价格", "📈", "a\"<>&'"];
function Table() {
  return h(
    "table",
    null,
    h(
      "tbody",
      null,
      Array.from({ length: 2_000 }, (_, i) =>
        h(
          "tr",
          { key: i, "data-row": i },
          h("td", { title: words[i % 5] }, words[(i * 3) % 5], " ", i),
          h("td", null, words[i % 5]!.repeat(i % 7)),
        ),
      ),
    ),
  );
}

describe("the server renderer's writes", () => {
  it("is the patched Node build", () => {
    expect(readFileSync(nodeBuild, "utf8")).toContain("decision 036");
  });

  it("writes the same page as the renderer that builds one string, in a few large writes", async () => {
    const page = h("html", null, h("body", null, h("main", null, h(Table)), h("p", null, "€".repeat(9_000), "x".repeat(20_000))));
    const { writes, html } = await render(page, "onAllReady");
    // The streaming renderer starts a document with its doctype; the rest is the same text.
    expect(firstDifference(html, "<!DOCTYPE html>" + renderToString(page))).toBeNull();
    expect(Buffer.byteLength(html)).toBeGreaterThan(150_000);
    // Gathered to 8 K characters (up to 24 KB of UTF-8) a write: unpatched, it was one write per 2 KB.
    expect(writes.length).toBeLessThan(Buffer.byteLength(html) / 2048 / 3);
  });

  it("the development build (npm run dev) sends no NUL bytes where a character meets its buffer's end either", async () => {
    const dev = require(join(cjs, "react-dom-server.node.development.js")) as typeof import("react-dom/server");
    const { html } = await render(h(Table), "onAllReady", dev.renderToPipeableStream);
    expect(html.includes("\u0000")).toBe(false);
    expect(firstDifference(html, renderToString(h(Table)))).toBeNull();
  });

  it("streams a boundary that resolves after the shell as before: its fallback first, then its content", async () => {
    let release: () => void = () => {};
    const ready = new Promise<void>((r) => (release = r));
    const Late = lazy(async () => {
      await ready;
      return { default: () => h("p", { id: "late" }, "ไทย 价格 📈 ".repeat(1_000)) };
    });
    const page = h("html", null, h("body", null, h(Table), h(Suspense, { fallback: h("i", null, "…") }, h(Late))));
    const done = render(page, "onShellReady");
    setTimeout(release, 10);
    const { html } = await done;
    const shell = html.indexOf("<i>…</i>");
    const late = html.indexOf('<div hidden id="S:0"><p id="late">ไทย 价格 📈');
    expect(shell).toBeGreaterThan(0);
    expect(late).toBeGreaterThan(shell);
    const table = renderToString(h(Table));
    expect(firstDifference(html.slice(html.indexOf("<table>"), html.indexOf("<table>") + table.length), table)).toBeNull();
    expect(html.endsWith("</script>")).toBe(true);
  });
});
