import { type Server } from "node:http";
import { rawRequest } from "../tests/helpers/raw-http";
import { connect, type AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import {
  allowedMethods,
  DISCARD_LIMIT,
  FORM_BODY_LIMIT,
  limitedStream,
  PayloadTooLargeError,
  readAll,
  refuseForbiddenMethods,
  screenRequestGuard,
  UPLOAD_BODY_LIMIT,
  API_BODY_LIMIT,
} from "./http-guards";

/** A build with the shapes that matter: root, a page with an action, a page without, a layout with an index. */
const build = {
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/login": { id: "routes/login", parentId: "root", path: "login", module: { action: () => null, loader: () => null } },
    "routes/home": { id: "routes/home", parentId: "root", path: "home", module: { loader: () => null } },
    "routes/assets": { id: "routes/assets", parentId: "root", path: "assets", module: { loader: () => null } },
    "routes/assets._index": { id: "routes/assets._index", parentId: "routes/assets", index: true, module: { action: () => null } },
    "routes/personal.collectionSettings": {
      id: "routes/personal.collectionSettings",
      parentId: "root",
      path: "personal/collectionSettings",
      module: { action: () => null, loader: () => null },
    },
    "routes/legalIndex.orderdetail": {
      id: "routes/legalIndex.orderdetail",
      parentId: "root",
      path: "legalIndex/orderdetail",
      module: { action: () => null, loader: () => null },
    },
    "routes/$": { id: "routes/$", parentId: "root", path: "*", module: { loader: () => null } },
  },
} as unknown as ServerBuild;

let server: Server;
let base: string;
/** What the handler behind the guard saw: the body it was handed, and how many bytes were ever read off the socket. */
let reached: { body?: Buffer } | null = null;

beforeAll(async () => {
  const app = express();
  app.use(refuseForbiddenMethods("GET, HEAD, POST"));
  app.post("/stream", async (req, res) => {
    try {
      const body = await readAll(limitedStream(req, 1000));
      res.status(200).send(`read ${body.length}`);
    } catch (e) {
      res
        .status(e instanceof PayloadTooLargeError ? 413 : 400)
        .set("Connection", "close")
        .send(String(e));
    }
  });
  app.all("*", screenRequestGuard(build), (req, res) => {
    reached = { body: res.locals.body as Buffer | undefined };
    res.status(200).send("action ran");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => (reached = null));

/** A raw HTTP request, so that the test controls chunking and Content-Length exactly. */
const send = (method: string, path: string, headers: Record<string, string | number>, chunks: (string | Buffer)[] = []) =>
  rawRequest(`${base}${path}`, method, headers, chunks);
const form = { "content-type": "application/x-www-form-urlencoded" };

describe("limits", () => {
  it("are stated: 64 KB for forms, 1 MB for /api/, a larger one kept for the upload route", () => {
    expect(FORM_BODY_LIMIT).toBe(64 * 1024);
    expect(API_BODY_LIMIT).toBe(1024 * 1024);
    expect(UPLOAD_BODY_LIMIT).toBeGreaterThan(API_BODY_LIMIT);
  });
});

describe("limitedStream", () => {
  it("passes a body within the limit", async () => {
    expect((await send("POST", "/stream", { "transfer-encoding": "chunked" }, ["a".repeat(600), "b".repeat(400)])).text).toBe("read 1000");
  });
  it("refuses a chunked body once the count passes the limit, without reading the rest", async () => {
    // 64 chunks of 64 KB (4 MB) stated nowhere: refused on the chunk that crosses 1000 bytes.
    const r = await send("POST", "/stream", { "transfer-encoding": "chunked" }, [
      "x".repeat(900),
      ...Array.from({ length: 64 }, () => Buffer.alloc(65536, 120)),
    ]).catch((e) => ({
      status: 0,
      headers: {},
      text: String(e),
    }));
    // The answer is 413, or the connection closes under a client still sending (never a 200 or 500).
    expect([413, 0]).toContain(r.status);
    if (r.status === 413) expect(r.text).toContain("PayloadTooLargeError");
  });
  it("refuses a declared Content-Length over the limit before reading anything", async () => {
    const r = await send("POST", "/stream", { "content-length": 5000 }, ["y".repeat(5000)]);
    expect(r.status).toBe(413);
  });
});

describe("screen routes", () => {
  it("the image forms (collection, identity, a fiat order's voucher) take up to the upload limit; every other form 64 KB", async () => {
    const boundary = "----b";
    const multipart = (size: number) => [
      `--${boundary}\r\nContent-Disposition: form-data; name="qrcode_file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      Buffer.alloc(size, 1),
      `\r\n--${boundary}--\r\n`,
    ];
    const type = { "content-type": `multipart/form-data; boundary=${boundary}` };
    expect((await send("POST", "/personal/collectionSettings", type, multipart(3 * 1024 * 1024))).status).toBe(200);
    expect(reached?.body?.length).toBeGreaterThan(3 * 1024 * 1024);
    // A payment voucher of a few MB (a phone's photo) on the fiat order page.
    expect((await send("POST", "/legalIndex/orderdetail?id=1", type, multipart(3 * 1024 * 1024))).status).toBe(200);
    expect((await send("POST", "/login", type, multipart(3 * 1024 * 1024)).catch(() => ({ status: 413 }))).status).toBe(413);
    const over = await send("POST", "/personal/collectionSettings", { ...type, "content-length": UPLOAD_BODY_LIMIT + 1 }, []).catch(() => ({
      status: 413,
    }));
    expect(over.status).toBe(413);
  });

  it("PUT, DELETE, PATCH: 405 with the route's Allow", async () => {
    for (const m of ["PUT", "DELETE", "PATCH"]) {
      // With its length stated: Node's client sends a DELETE body with no framing at all unless told.
      const login = await send(m, "/login", { ...form, "content-length": 9 }, ["account=a"]);
      expect(login.status, m).toBe(405);
      expect(login.headers.allow).toBe("GET, HEAD, POST");
      const home = await send(m, "/home", { ...form, "content-length": 3 }, ["a=1"]);
      expect(home.status).toBe(405);
      expect(home.headers.allow).toBe("GET, HEAD");
    }
    expect(reached).toBeNull();
  });
  it("POST to a page without an action: 405 (an index route's action only with ?index)", async () => {
    expect((await send("POST", "/home", form, ["a=1"])).status).toBe(405);
    expect((await send("POST", "/assets", form, ["a=1"])).status).toBe(405);
    expect((await send("POST", "/assets?index", form, ["a=1"])).status).toBe(200);
    // Single-fetch URLs are their page's.
    expect((await send("POST", "/login.data", form, ["a=1"])).status).toBe(200);
    expect((await send("POST", "/home.data", form, ["a=1"])).headers.allow).toBe("GET, HEAD");
  });
  it("OPTIONS: 204 with Allow", async () => {
    const r = await send("OPTIONS", "/login", {});
    expect(r.status).toBe(204);
    expect(r.headers.allow).toBe("GET, HEAD, POST, OPTIONS");
  });
  it("TRACE anywhere: 405", async () => {
    for (const p of ["/login", "/api/news/list", "/healthz", "/"]) {
      const r = await send("TRACE", p, {});
      expect(r.status, p).toBe(405);
      expect(r.headers.allow).toBe("GET, HEAD, POST");
    }
  });
  it("a form route posted with JSON or without a content type: 415", async () => {
    expect((await send("POST", "/login", { "content-type": "application/json" }, ['{"account":"a"}'])).status).toBe(415);
    expect((await send("POST", "/login", {}, ["account=a"])).status).toBe(415);
    expect((await send("POST", "/login", { "content-length": 0 })).status).toBe(415);
    expect((await send("POST", "/login", { "content-type": "text/plain" }, ["account=a"])).status).toBe(415);
    expect(reached).toBeNull();
  });
  it("a broken multipart body or a field name nested thousands deep: 400", async () => {
    const broken = '--XX\r\nContent-Disposition: form-data; name="account"\r\n\r\nabc';
    expect((await send("POST", "/login", { "content-type": "multipart/form-data; boundary=XX" }, [broken])).status).toBe(400);
    expect((await send("POST", "/login", form, [`x${"[0]".repeat(5000)}=1&account=a`])).status).toBe(400);
    expect((await send("POST", "/login", form, [`account${".a".repeat(20000)}=1`])).status).toBe(400);
    expect(reached).toBeNull();
  });
  it("a form body over 64 KB: 413, declared or counted while streaming", async () => {
    const big = "account=" + "a".repeat(FORM_BODY_LIMIT);
    expect((await send("POST", "/login", { ...form, "content-length": Buffer.byteLength(big) }, [big])).status).toBe(413);
    const chunked = await send("POST", "/login", { ...form, "transfer-encoding": "chunked" }, [big.slice(0, 40000), big.slice(40000)]);
    expect(chunked.status).toBe(413);
    // Read to its end and thrown away (see below), so the connection stays usable.
    expect(chunked.headers.connection).not.toBe("close");
    expect(reached).toBeNull();
  });
  it("a good form reaches the action with its body, read once through the limit", async () => {
    const r = await send("POST", "/login", { ...form, "transfer-encoding": "chunked" }, [
      "account=demo%40example.com",
      "&password=x&items[0].name=a",
    ]);
    expect(r.status).toBe(200);
    expect(reached?.body?.toString()).toBe("account=demo%40example.com&password=x&items[0].name=a");
    const multipart = '--XX\r\nContent-Disposition: form-data; name="account"\r\n\r\nabc\r\n--XX--\r\n';
    expect((await send("POST", "/login", { "content-type": "multipart/form-data; boundary=XX" }, [multipart])).status).toBe(200);
    expect((await send("POST", "/login", { ...form, "content-length": 0 })).status).toBe(200);
  });
});

describe("allowedMethods", () => {
  it("follows Remix's matching: splat pages, index routes, .data URLs", () => {
    const allowed = allowedMethods(build);
    expect(allowed("/login", "")).toEqual(["GET", "HEAD", "POST"]);
    expect(allowed("/no/such/page", "")).toEqual(["GET", "HEAD"]);
    expect(allowed("/assets", "?index")).toEqual(["GET", "HEAD", "POST"]);
    expect(allowed("/_root.data", "")).toEqual(["GET", "HEAD"]);
  });
});

/**
 * One keep-alive connection as a reverse proxy uses it: the whole request body is written (in pieces, as it arrives
 * from the browser) before the answer is read, then the next request goes on the same connection.
 */
function proxyLike(requests: { head: string; body: Buffer }[]): Promise<{ answers: string[]; error: string | null }> {
  const port = Number(new URL(base).port);
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let error: string | null = null;
    socket.on("data", (b) => (received += b.toString("latin1")));
    socket.on("error", (e) => (error = (e as NodeJS.ErrnoException).code ?? e.message));
    socket.on("close", () => resolve({ answers: received.split(/(?=HTTP\/1\.1 )/).filter(Boolean), error }));
    void (async () => {
      for (const r of requests) {
        if (socket.destroyed) break;
        socket.write(r.head);
        for (let i = 0; i < r.body.length && !socket.destroyed; i += 16 * 1024) {
          socket.write(r.body.subarray(i, i + 16 * 1024));
          await new Promise((w) => setImmediate(w));
        }
        const before = received.length;
        for (let i = 0; i < 200 && received.length === before && !socket.destroyed; i++) await new Promise((w) => setTimeout(w, 10));
      }
      socket.end();
    })();
  });
}

describe("413 that a proxy survives", () => {
  const post = (path: string, body: Buffer) => ({
    head: `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
    body,
  });
  it("a 700 KB form is read to its end before the 413, and the connection serves the next request", async () => {
    const big = Buffer.from("account=" + "a".repeat(700 * 1024));
    const { answers, error } = await proxyLike([post("/login", big), post("/login", Buffer.from("account=b"))]);
    expect(error).toBeNull();
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/^HTTP\/1\.1 413 /);
    expect(answers[0]).not.toMatch(/\r\nConnection: close\r\n/i);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 200 /);
  });
  it("a body past the discard limit is answered 413 and its connection closed", async () => {
    const r = await send("POST", "/login", { ...form, "content-length": DISCARD_LIMIT + 1 }, []).catch(() => null);
    expect(r?.status ?? 413).toBe(413);
    if (r) expect(r.headers.connection).toBe("close");
  });
});
