import { describe, expect, it } from "vitest";
import { PAINT_FIRST_LOADER, paintFirst } from "./paint-first.server";

const page =
  '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/build/css.css"/></head><body><main>Ünïcödé ✓ ' +
  "text</main>" +
  '<script nonce="abc">window.__remixContext = {"url":"/trade"};</script>' +
  '<link rel="modulepreload" href="/build/entry.client.js"/><link rel="modulepreload" href="/build/_shared/a.js"/>' +
  '<script nonce="abc" type="module" async="">import * as route0 from "/build/root.js";\n' +
  'import("/build/entry.client.js");</script></body></html>';

const expected = page
  .replaceAll('<link rel="modulepreload"', '<link rel="x-modulepreload"')
  .replace('type="module" async=""', 'type="x-module" async=""')
  .replace("window.__remixContext = ", PAINT_FIRST_LOADER + "window.__remixContext = ");

async function through(chunks: Buffer[]): Promise<string> {
  const stream = paintFirst();
  const out: Buffer[] = [];
  stream.on("data", (c: Buffer | string) => out.push(Buffer.from(c)));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const c of chunks) stream.write(c);
  stream.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}

describe("paintFirst", () => {
  it("renames the preloads and the module script and puts the loader before Remix's context, once", async () => {
    const html = await through([Buffer.from(page)]);
    expect(html).toBe(expected);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module" async');
    expect(html.split(PAINT_FIRST_LOADER)).toHaveLength(2);
  });

  it("gives the same page however the HTML is cut into chunks, even inside a pattern or a character", async () => {
    const bytes = Buffer.from(page);
    for (let at = 1; at < bytes.length; at++) {
      expect(await through([bytes.subarray(0, at), bytes.subarray(at)])).toBe(expected);
    }
    const small: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) small.push(bytes.subarray(i, i + 7));
    expect(await through(small)).toBe(expected);
  });

  it("leaves a page without Remix's scripts as it was", async () => {
    const plain = "<html><body><p>type=module is only text here; so is modulepreload</p></body></html>";
    expect(await through([Buffer.from(plain)])).toBe(plain);
  });
});
