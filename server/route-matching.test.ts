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
    expect(readFileSync(routerFile, "utf8")).toContain("matchedPaths");
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

  it("answers a path found before with matches of its own: changing one answer changes no other", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "order", path: "orders/:id" }] }];
    const first = matchRoutes(routes, "/orders/7")!;
    // One params object for the whole answer, as unpatched.
    expect(first[0].params).toBe(first[1].params);
    first[1].params.id = "changed";
    first[1].pathname = "/changed";
    const second = matchRoutes(routes, "/orders/7")!;
    expect(second).not.toBe(first);
    expect(second[1].params).toEqual({ id: "7" });
    expect(second[1].pathname).toBe("/orders/7");
    expect(second[1].route).toBe(routes[0].children[0]);
    expect(matchRoutes(routes, "/orders/8")?.[1].params).toEqual({ id: "8" });
    expect(matchRoutes(routes, "/nowhere")).toBeNull();
    expect(matchRoutes(routes, "/nowhere")).toBeNull();
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

// The server render's route tree is made once per build (Remix's RemixServer) and its data routes once per tree
// (React Router's createStaticRouter): scripts/patches/, decision 033. Each render still gets its own location and
// matches.
describe("the server render's route tree", () => {
  const { createStaticHandler, createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");

  it("is made by the patched Node builds", () => {
    expect(readFileSync(require.resolve("react-router-dom/server"), "utf8")).toContain("staticDataRoutes");
    const remixServer = require.resolve("@remix-run/react").replace(/index\.js$/, "server.js");
    expect(readFileSync(remixServer, "utf8")).toContain("serverRoutesFor");
  });

  it("keeps one tree's data routes for every render, with each render's own matches", async () => {
    const tree = [
      {
        id: "root",
        path: "/",
        loader: () => "root",
        children: [
          { id: "trade", path: "trade", loader: () => "trade" },
          { id: "orders", path: "orders/:id", loader: () => "orders" },
        ],
      },
    ];
    const handler = createStaticHandler(tree);
    const render = async (url: string) => {
      const context = await handler.query(new Request(`http://localhost${url}`));
      if (context instanceof Response) throw new Error("unexpected response");
      return createStaticRouter(tree, context);
    };
    const a = await render("/trade");
    const b = await render("/orders/7");
    expect(b.routes).toBe(a.routes);
    expect(a.state.location.pathname).toBe("/trade");
    expect(a.state.matches.map((m) => m.route.id)).toEqual(["root", "trade"]);
    expect(b.state.matches.map((m) => m.route.id)).toEqual(["root", "orders"]);
    expect(b.state.matches.at(-1)?.params).toEqual({ id: "7" });
    expect(b.state.loaderData).toEqual({ root: "root", orders: "orders" });
    // The matches carry the kept data routes, as an unkept tree's would carry its own.
    expect(b.state.matches[0].route).toBe(a.routes[0]);
    // Another tree gets its own.
    const other = [{ id: "only", path: "/only" }];
    const context = await createStaticHandler(other).query(new Request("http://localhost/only"));
    if (context instanceof Response) throw new Error("unexpected response");
    expect(createStaticRouter(other, context).routes).not.toBe(a.routes);
  });
});

describe("Remix's server render", () => {
  const React = require("react") as typeof import("react");
  const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
  const { RemixServer, Outlet } = require("@remix-run/react") as typeof import("@remix-run/react");
  const { createStaticHandler } = require("react-router-dom/server") as typeof import("react-router-dom/server");
  const h = React.createElement;
  const manifest = {
    version: "1",
    url: "/build/manifest.js",
    entry: { module: "/build/entry.js", imports: [] },
    routes: {
      root: {
        id: "root",
        path: "",
        module: "/build/root.js",
        hasLoader: false,
        hasAction: false,
        hasClientLoader: false,
        hasClientAction: false,
        hasErrorBoundary: false,
      },
      "routes/a": {
        id: "routes/a",
        parentId: "root",
        path: "a",
        module: "/build/a.js",
        hasLoader: false,
        hasAction: false,
        hasClientLoader: false,
        hasClientAction: false,
        hasErrorBoundary: false,
      },
      "routes/b": {
        id: "routes/b",
        parentId: "root",
        path: "b",
        module: "/build/b.js",
        hasLoader: false,
        hasAction: false,
        hasClientLoader: false,
        hasClientAction: false,
        hasErrorBoundary: false,
      },
    },
  };
  const tree = [
    {
      id: "root",
      path: "",
      children: [
        { id: "routes/a", path: "a" },
        { id: "routes/b", path: "b" },
      ],
    },
  ];
  const handler = createStaticHandler(tree);
  const future = {};
  const render = async (url: string, modules: Record<string, { default: () => unknown }>) => {
    const staticHandlerContext = await handler.query(new Request(`http://localhost${url}`));
    if (staticHandlerContext instanceof Response) throw new Error("unexpected response");
    // As Remix's request handler builds it: a new routeModules object every request, the same modules in it.
    const context = {
      manifest,
      routeModules: { ...modules },
      staticHandlerContext,
      future,
      isSpaMode: false,
      serverHandoffString: "{}",
      criticalCss: undefined,
    };
    return renderToString(h(RemixServer, { context, url: `http://localhost${url}` } as never));
  };
  const root = { default: () => h("main", null, h(Outlet)) };
  const modules = { root, "routes/a": { default: () => h("p", null, "page A") }, "routes/b": { default: () => h("p", null, "page B") } };

  it("renders each request's own page from the tree it keeps, and makes it anew for other modules", async () => {
    expect(await render("/a", modules)).toContain("page A");
    expect(await render("/b", modules)).toContain("page B");
    expect(await render("/a", modules)).toContain("page A");
    // A rebuilt module (development) is rendered, not the kept tree's.
    expect(await render("/b", { ...modules, "routes/b": { default: () => h("p", null, "page B, rebuilt") } })).toContain("page B, rebuilt");
  });
});
