import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The server's copy of React Router's matching (its Node build, the one `npm start` loads) keeps each routes array's
// ranked branches and each path's compiled pattern (scripts/patches/, decision 032). The answers must be the
// unpatched ones: a route tree matched twice, paths of several shapes, and a second tree beside the first.
const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router");
const { matchRoutes, matchPath } = require("@remix-run/router") as typeof import("@remix-run/router");

const ids = (m: ReturnType<typeof matchRoutes>) => m?.map((x) => x.route.id) ?? null;

describe("route matching on the server", () => {
  it("is the patched Node build", () => {
    expect(routerFile).toMatch(/router\.cjs\.js$/);
    expect(readFileSync(routerFile, "utf8")).toContain("rankedBranches");
  });

  it("matches the same routes again from the kept branches, for every path", () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "trade", path: "trade" },
          {
            id: "assets",
            path: "assets",
            children: [
              { id: "assets.index", index: true },
              { id: "assets.account", path: ":account" },
            ],
          },
          { id: "splat", path: "*" },
        ],
      },
    ];
    for (let round = 0; round < 2; round++) {
      expect(ids(matchRoutes(routes, "/trade"))).toEqual(["root", "trade"]);
      expect(ids(matchRoutes(routes, "/TRADE/"))).toEqual(["root", "trade"]);
      expect(ids(matchRoutes(routes, "/assets"))).toEqual(["root", "assets", "assets.index"]);
      expect(matchRoutes(routes, "/assets/tradeAccount")?.at(-1)?.params).toEqual({ account: "tradeAccount" });
      expect(ids(matchRoutes(routes, "/nowhere/at/all"))).toEqual(["root", "splat"]);
    }
    // Another tree is ranked on its own.
    expect(ids(matchRoutes([{ id: "only", path: "/only" }], "/trade"))).toBeNull();
    expect(ids(matchRoutes([{ id: "only", path: "/only" }], "/only"))).toEqual(["only"]);
  });

  it("compiles a pattern once and answers each path with its own params", () => {
    expect(matchPath("/orders/:id", "/orders/7")?.params).toEqual({ id: "7" });
    expect(matchPath("/orders/:id", "/orders/8")?.params).toEqual({ id: "8" });
    expect(matchPath({ path: "/orders", end: false }, "/orders/8")?.pathnameBase).toBe("/orders");
    expect(matchPath({ path: "/orders", end: true }, "/orders/8")).toBeNull();
    expect(matchPath({ path: "/Orders", caseSensitive: true }, "/orders")).toBeNull();
    expect(matchPath("/Orders", "/orders")).not.toBeNull();
  });
});
