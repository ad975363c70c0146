import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { createWsGuard, wsUpgradeListener } from "./ws-guard";
import type { TrustProxy } from "./security";

/**
 * /ws on the public port, at the socket level: a real HTTP server with the guard in front of a real WebSocket server,
 * and real clients. A browser page elsewhere is refused by its Origin; one address holds at most 20 sockets.
 */

let server: Server;
let port = 0;
const wss = new WebSocketServer({ noServer: true });
wss.on("connection", (ws) => ws.send("hello"));

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", "loopback");
  const guard = createWsGuard({ trust: app.get("trust proxy fn") as TrustProxy, allowedOrigins: ["https://app.example.com"] });
  server = createServer(app);
  server.on(
    "upgrade",
    wsUpgradeListener(guard, (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req))),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const ws of wss.clients) ws.terminate();
  await new Promise((r) => server.close(r));
});

type Opened = { ok: true; ws: WebSocket } | { ok: false; status: number; retryAfter?: string };
function connect(headers: Record<string, string>, path = "/ws"): Promise<Opened> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
    ws.once("message", () => resolve({ ok: true, ws }));
    ws.once("unexpected-response", (_req, res) => {
      resolve({ ok: false, status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string | undefined });
      res.resume();
    });
    ws.once("error", () => resolve({ ok: false, status: 0 }));
  });
}
const host = () => `127.0.0.1:${port}`;

describe("/ws origin", () => {
  it("refuses a page of another site, lets the site's own pages, the operator's other front ends and non-browsers in", async () => {
    const from = { "x-forwarded-for": "203.0.113.10" };
    expect(await connect({ ...from, origin: "http://evil.example" })).toMatchObject({ ok: false, status: 403 });
    expect(await connect({ ...from, origin: "null" })).toMatchObject({ ok: false, status: 403 });
    // The same host on another scheme or port is another origin.
    expect(await connect({ ...from, origin: `https://${host()}` })).toMatchObject({ ok: false, status: 403 });
    const own = await connect({ ...from, origin: `http://${host()}` });
    const other = await connect({ ...from, origin: "https://app.example.com" });
    const native = await connect(from);
    for (const s of [own, other, native]) {
      expect(s.ok).toBe(true);
      if (s.ok) s.ws.close();
    }
    // Behind the trusted proxy, the site is what the proxy says it is.
    const proxied = await connect({
      ...from,
      "x-forwarded-proto": "https",
      "x-forwarded-host": "exchange.example.com",
      origin: "https://exchange.example.com",
    });
    expect(proxied.ok).toBe(true);
    if (proxied.ok) proxied.ws.close();
  });

  it("refuses dot segments and other paths before the upgrade", async () => {
    // Sent as written (a WebSocket client would resolve the dots first).
    const raw = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({
          host: "127.0.0.1",
          port,
          path,
          headers: {
            Connection: "Upgrade",
            Upgrade: "websocket",
            "Sec-WebSocket-Version": "13",
            "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
          },
        });
        req.on("upgrade", (_res, socket) => (socket.destroy(), resolve(101)));
        req.on("response", (res) => (res.resume(), resolve(res.statusCode ?? 0)));
        req.on("error", reject);
        req.end();
      });
    expect(await raw("/api/../ws")).toBe(400);
    expect(await raw("/x/%2e%2e/ws")).toBe(400);
    expect(await raw("/wsx")).toBe(404);
    expect(await raw("/ws")).toBe(101);
  });
});

describe("/ws sockets per address", () => {
  it("holds 20 open sockets from one address, refuses the 21st with Retry-After, and takes one again once one closes", async () => {
    const me = { "x-forwarded-for": "203.0.113.20" };
    const open: WebSocket[] = [];
    try {
      const first = await Promise.all(Array.from({ length: 20 }, () => connect(me)));
      for (const s of first) {
        expect(s.ok).toBe(true);
        if (s.ok) open.push(s.ws);
      }
      const refused = await connect(me);
      expect(refused).toMatchObject({ ok: false, status: 429, retryAfter: "10" });
      // Another address is not affected.
      const neighbour = await connect({ "x-forwarded-for": "203.0.113.21" });
      expect(neighbour.ok).toBe(true);
      if (neighbour.ok) neighbour.ws.close();
      const closed = open.pop()!;
      await new Promise((r) => (closed.once("close", r), closed.close()));
      // The server sees the close a moment later.
      let again: Opened = { ok: false, status: 0 };
      for (let i = 0; i < 50 && !again.ok; i++) {
        again = await connect(me);
        if (!again.ok) await new Promise((r) => setTimeout(r, 20));
      }
      expect(again.ok).toBe(true);
      if (again.ok) open.push(again.ws);
    } finally {
      for (const ws of open) ws.terminate();
    }
  });

  it("does not count this machine (the app's live relay opens a socket per signed-in viewer from loopback)", async () => {
    const open = await Promise.all(Array.from({ length: 25 }, () => connect({})));
    expect(open.filter((s) => s.ok)).toHaveLength(25);
    for (const s of open) if (s.ok) s.ws.terminate();
  });
});
