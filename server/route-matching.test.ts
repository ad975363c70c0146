import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

// The server's copy of React Router's matching (its Node build, the one `npm start` loads) keeps each routes array's
// ranked branches and each path's compiled pattern (scripts/patches/, decision 032). The answers must be the
// unpatched ones: a route tree matched twice, paths of several shapes, and a second tree beside the first.
const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router");
const { matchRoutes, matchPath } = require("@remix-run/router") as typeof import("@remix-run/router");
const { createStaticHandler, createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");

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
    (first[1].params as Record<string, string>).id = "changed";
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

/** A route of a test build's manifest: `id` with `path` under `parentId`, nothing but a component. */
const manifestRoute = (id: string, path: string, parentId?: string) => ({
  id,
  parentId,
  path,
  module: `/build/${id}.js`,
  hasLoader: false,
  hasAction: false,
  hasClientLoader: false,
  hasClientAction: false,
  hasErrorBoundary: false,
});

const React = require("react") as typeof import("react");
const h = React.createElement;
const { renderToString } = require("react-dom/server") as typeof import("react-dom/server");
const { RemixServer, Outlet, Link } = require("@remix-run/react") as typeof import("@remix-run/react");
const { parsePath } = require("react-router-dom") as typeof import("react-router-dom");

/**
 * A test build (a root with the given children, each `{ id, path }`) rendered by RemixServer at `url`, the way Remix's
 * request handler calls it: a new routeModules object every request, holding the modules given.
 */
function remixBuild(children: { id: string; path: string }[], future: Record<string, boolean> = {}) {
  const manifest = {
    version: "1",
    url: "/build/manifest.js",
    entry: { module: "/build/entry.js", imports: [] },
    routes: Object.fromEntries(
      [manifestRoute("root", ""), ...children.map((c) => manifestRoute(c.id, c.path, "root"))].map((r) => [r.id, r]),
    ),
  };
  const handler = createStaticHandler([{ id: "root", path: "", children }]);
  return async (url: string, modules: Record<string, { default: () => unknown }>) => {
    const staticHandlerContext = await handler.query(new Request(`http://localhost${url}`));
    if (staticHandlerContext instanceof Response) throw new Error("unexpected response");
    const context = { manifest, routeModules: { ...modules }, staticHandlerContext, future, isSpaMode: false, serverHandoffString: "{}" };
    return renderToString(h(RemixServer, { context, url: `http://localhost${url}` } as never));
  };
}

describe("Remix's server render", () => {
  const render = remixBuild([
    { id: "routes/a", path: "a" },
    { id: "routes/b", path: "b" },
  ]);
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

// On the server, Remix's Link to a plain path is drawn without the router's hooks (scripts/patches/, decision 034):
// its markup must be the router's, which the browser's Link hydrates.
describe("Remix's Link on the server", () => {
  type Case = { to: string; props?: Record<string, unknown> };
  const cases: Case[] = [
    { to: "/" },
    { to: "/trade" },
    { to: "/trade?symbol=BTCUSDT&tab=USDT", props: { className: "tab", "aria-current": "page", preventScrollReset: true, replace: true } },
    { to: "/trade#book", props: { target: "_blank", rel: "noopener", id: "to-book" } },
    { to: "/notice?id=3&category_id=1#top", props: { state: { from: 1 }, onClick: () => {}, discover: "none" } },
    { to: "/assets/tradeAccount", props: { reloadDocument: true, title: "Trade account" } },
    { to: "/v1.2/x?price=1.5", props: { "data-testid": "dots" } },
    // Not plain: the router's Link draws these (the same either way).
    { to: "/a/../trade" },
    { to: "/trade/" },
    { to: "/trade?" },
  ];
  const render = remixBuild([], { v3_lazyRouteDiscovery: true });
  const page = (link: (c: Case) => React.ReactNode) =>
    render("/", { root: { default: () => h("ul", null, ...cases.map((c, i) => h("li", { key: i }, link(c)))) } });

  it("draws a plain path's link as the router's Link draws it, and leaves other links to the router", async () => {
    const plain = await page((c) => h(Link, { to: c.to, ...c.props }));
    // The same links given as objects always take the router's way.
    const router = await page((c) => h(Link, { to: parsePath(c.to), ...c.props }));
    expect(plain).toBe(router);
    expect(plain).toContain('<a class="tab" aria-current="page" data-discover="true" href="/trade?symbol=BTCUSDT&amp;tab=USDT">');
    expect(plain).toContain('<a rel="noopener" id="to-book" data-discover="true" href="/trade#book" target="_blank">');
    expect(plain).toContain('<a href="/notice?id=3&amp;category_id=1#top">');
    expect(plain).toContain('<a title="Trade account" href="/assets/tradeAccount">');
    // A plain path's link needs no router: drawn outside one, it is the same <a>; any other needs the router's hooks.
    expect(renderToString(h(Link, { to: "/trade#book", className: "x" }))).toBe(
      '<a class="x" data-discover="true" href="/trade#book"></a>',
    );
    expect(() => renderToString(h(Link, { to: "/a/../trade" }))).toThrow(/useHref\(\) may be used only in the context of a <Router>/);
  });
});
