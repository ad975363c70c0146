import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { createLogger } from "../app/lib/log.server";
import { InFlight, shutdown } from "./shutdown";

/**
 * The shutdown sequence on a real server: requests that began before it get their whole answer, the streams are
 * ended first, the resources closed last, and the drain is bounded.
 */
const quiet = createLogger({ level: "silent", destination: new Writable({ write: (_c, _e, done) => done() }) });

function serve(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; port: number; inFlight: InFlight }> {
  const server = createServer(handler);
  const inFlight = new InFlight(server);
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as AddressInfo).port, inFlight })),
  );
}

type Got = { status: number; body: string; connection?: string } | { error: string };

/** A POST whose body arrives in pieces, `gapMs` apart. */
function slowPost(port: number, pieces: string[], gapMs: number): Promise<Got> {
  return new Promise((resolve) => {
    const body = pieces.join("");
    const req = request(
      { port, host: "127.0.0.1", path: "/slow", method: "POST", headers: { "content-length": Buffer.byteLength(body) } },
      (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode!, body: text, connection: res.headers.connection }));
      },
    );
    req.on("error", (e) => resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
    let i = 0;
    const next = () => {
      req.write(pieces[i++]);
      if (i < pieces.length) setTimeout(next, gapMs);
      else req.end();
    };
    next();
  });
}

describe("shutdown", () => {
  it("lets a request that began before it finish, ends streams first, closes resources last, and refuses new connections", async () => {
    const steps: string[] = [];
    const { server, port, inFlight } = await serve((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => res.end(`got ${body.length} bytes`));
    });
    const answer = slowPost(port, ["a".repeat(100), "b".repeat(100), "c".repeat(100), "d".repeat(100)], 150);
    await new Promise((r) => setTimeout(r, 100));
    expect(inFlight.count).toBe(1);
    const code = shutdown(
      {
        server,
        inFlight,
        log: quiet,
        markStopping: () => steps.push("stopping"),
        endStreams: async () => void steps.push(`streams ended with ${inFlight.count} request(s) in flight`),
        closeResources: async () => void steps.push(`resources closed with ${inFlight.count} request(s) in flight`),
      },
      "SIGTERM",
    );
    // Not listening any more: a new connection is refused.
    const late = await new Promise<string>((resolve) => {
      const r = request({ port, host: "127.0.0.1", path: "/" }, () => resolve("answered"));
      r.on("error", (e) => resolve((e as NodeJS.ErrnoException).code ?? "error"));
      r.end();
    });
    expect(late).toBe("ECONNREFUSED");
    // The slow POST that began before gets its whole answer, and is told the connection closes.
    expect(await answer).toEqual({ status: 200, body: "got 400 bytes", connection: "close" });
    expect(await code).toBe(0);
    expect(steps).toEqual(["stopping", "streams ended with 1 request(s) in flight", "resources closed with 0 request(s) in flight"]);
  });

  it("is bounded: a request still running at the bound is cut, and the exit code says so", async () => {
    const { server, port, inFlight } = await serve(() => {
      /* never answers */
    });
    const answer = new Promise<Got>((resolve) => {
      const r = request({ port, host: "127.0.0.1", path: "/hang" }, () => resolve({ status: 0, body: "" }));
      r.on("error", (e) => resolve({ error: (e as NodeJS.ErrnoException).code ?? e.message }));
      r.end();
    });
    await new Promise((r) => setTimeout(r, 50));
    let closed = false;
    const started = Date.now();
    const code = await shutdown(
      {
        server,
        inFlight,
        log: quiet,
        markStopping: () => {},
        endStreams: async () => {},
        closeResources: async () => void (closed = true),
        drainMs: 300,
      },
      "SIGTERM",
    );
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(closed).toBe(true);
    expect(await answer).toEqual({ error: "ECONNRESET" });
  });
});
