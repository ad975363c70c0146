import { describe, expect, it } from "vitest";
import { checkClientBundle, type Metafile } from "./client-bundle";

function meta(extra: { inputs?: Metafile["inputs"]; routeInputs?: string[]; lazyInputs?: string[] } = {}): Metafile {
  return {
    inputs: {
      "app/routes/login.tsx": {
        imports: [{ path: "empty-module:~/lib/api.server", kind: "import-statement", original: "~/lib/api.server" }],
      },
      "app/features/auth/tabs.tsx": { imports: [{ path: "app/lib/translate.tsx", kind: "import-statement" }] },
      ...extra.inputs,
    },
    outputs: {
      "public/build/entry.client-A.js": { entryPoint: "app/entry.client.tsx", imports: [], inputs: { "app/entry.client.tsx": {} } },
      "public/build/root-B.js": {
        entryPoint: "browser-route-module:root.tsx?browser",
        imports: [{ path: "public/build/_shared/chunk-C.js", kind: "import-statement" }],
        inputs: { "app/root.tsx": {} },
      },
      "public/build/_shared/chunk-C.js": { imports: [], inputs: { "node_modules/react/index.js": {} } },
      "public/build/routes/login-D.js": {
        entryPoint: "browser-route-module:routes/login.tsx?browser",
        imports: [{ path: "public/build/_shared/validate-E.js", kind: "dynamic-import" }],
        inputs: Object.fromEntries(["app/routes/login.tsx", ...(extra.routeInputs ?? [])].map((i) => [i, {}])),
      },
      "public/build/_shared/validate-E.js": {
        imports: [],
        inputs: Object.fromEntries(["node_modules/zod/index.js", ...(extra.lazyInputs ?? [])].map((i) => [i, {}])),
      },
    },
  };
}

describe("client bundle check", () => {
  it("passes a bundle where only routes import server modules and zod loads lazily", () => {
    expect(checkClientBundle(meta(), ["login"])).toEqual([]);
  });
  it("finds a server module imported by a feature module (emptied in the browser)", () => {
    const m = meta({
      inputs: {
        "app/features/trade/links.ts": {
          imports: [{ path: "empty-module:~/lib/api.server", kind: "import-statement", original: "~/lib/api.server" }],
        },
      },
    });
    expect(checkClientBundle(m, [])).toEqual([
      "app/features/trade/links.ts imports the server module ~/lib/api.server, which is empty in the browser",
    ]);
  });
  it("finds the empty stand-in of a server module shipped as code (its side-effect-free mark is missing)", () => {
    expect(checkClientBundle(meta({ lazyInputs: ["empty-module:~/lib/api.server"] }), [])).toEqual([
      "the empty stand-in of ~/lib/api.server is shipped",
    ]);
  });
  it("finds server packages, node built-ins and server/ code anywhere in the bundle", () => {
    const problems = checkClientBundle(
      meta({ lazyInputs: ["node_modules/qrcode/lib/index.js", "node:fs", "server/exchange/index.ts"] }),
      [],
    );
    expect(problems).toHaveLength(3);
  });
  it("finds zod or decimal.js in a light screen's first load, not in what loads after hydration", () => {
    expect(checkClientBundle(meta({ routeInputs: ["node_modules/decimal.js/decimal.mjs"] }), ["login"])).toEqual([
      "/login: decimal.js in the first-load JavaScript",
    ]);
    expect(checkClientBundle(meta({ lazyInputs: ["node_modules/decimal.js/decimal.mjs"] }), ["login"])).toEqual([]);
  });
  it("refuses a route it cannot find, so a renamed screen is not silently unchecked", () => {
    expect(() => checkClientBundle(meta(), ["nowhere"])).toThrow(/no browser chunk/);
  });
});
