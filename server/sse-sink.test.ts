import { createServer, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createSseStream, HEARTBEAT } from "../app/lib/live/sse.server";
import { ResponseSink } from "./sse-sink";

/** A real HTTP server whose one route hands its response to a sink-backed SSE stream, as server/index.ts does. */
async function serve(
  handle: (sink: ResponseSink, res: import("node:http").ServerResponse) => void,
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => handle(new ResponseSink(req, res), res));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => request({ port, host: "127.0.0.1", path: "/events" }, resolve).on("error", reject).end());
}

const text = (res: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = "";
    res.setEncoding("utf8");
    res.on("data", (c: string) => (s += c));
    res.on("end", () => resolve(s));
  });

describe("ResponseSink", () => {
  let server: Server | null = null;
  afterEach(() => void server?.close());

  it("holds what the stream writes until the head is set, then sends head, held bytes and later writes in order", async () => {
    let start!: () => void;
    const started = new Promise<void>((r) => (start = r));
    const s = await serve((sink, res) => {
      const sse = createSseStream(new AbortController().signal, { sink: sink.claim() });
      sse.write(HEARTBEAT);
      expect(sink.claimed).toBe(true);
      expect(res.headersSent).toBe(false);
      expect(sink.buffered()).toBeGreaterThan(0);
      void started.then(() => {
        res.statusCode = 200;
        res.setHeader("Content-Type", "text/event-stream");
        sink.start();
        sse.write(new TextEncoder().encode("data: 1\n\n"));
        sse.close();
      });
    });
    server = s.server;
    const pending = get(s.port);
    setImmediate(start);
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/event-stream");
    expect(await text(res)).toBe("retry: 3000\n\n: hb\n\ndata: 1\n\n");
  });

  it("an end that came before the head is sent after it", async () => {
    const s = await serve((sink, res) => {
      createSseStream(new AbortController().signal, { sink: sink.claim() }).close();
      res.setHeader("Content-Type", "text/event-stream");
      sink.start();
    });
    server = s.server;
    expect(await text(await get(s.port))).toBe("retry: 3000\n\n");
  });

  it("cuts off a browser that stops reading once the socket holds more than the bound", async () => {
    const reasons: string[] = [];
    let sse!: ReturnType<typeof createSseStream>;
    let response!: import("node:http").ServerResponse;
    const s = await serve((sink, res) => {
      response = res;
      sse = createSseStream(new AbortController().signal, {
        sink: sink.claim(),
        maxBufferedBytes: 64 * 1024,
        onClose: (r) => reasons.push(r),
      });
      res.setHeader("Content-Type", "text/event-stream");
      sink.start();
    });
    server = s.server;
    const res = await get(s.port);
    res.pause(); // reads nothing more
    const chunk = new Uint8Array(16 * 1024).fill(58); // ':' lines, comments to a browser
    let writes = 0;
    while (sse.write(chunk) && writes < 10_000) {
      writes++;
      await new Promise((r) => setImmediate(r));
    }
    expect(reasons).toEqual(["overflow"]);
    expect(writes).toBeLessThan(10_000);
    expect(response.destroyed).toBe(true);
    res.destroy();
  });
});
