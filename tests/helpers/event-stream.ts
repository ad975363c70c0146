import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from "node:http";

export type OpenStream = { status: number; headers: IncomingHttpHeaders; req: ClientRequest; close: () => void };

/**
 * Opens the live feed's stream (`/events` on `baseUrl`) as the client at `ip`; resolves with its status and headers once
 * they arrive, the stream staying open (its data read and dropped) until closed. A connection that ends while being
 * opened (hang up, reset) is no error here: the test looks at what the server answered.
 */
export function openEventStream(baseUrl: string, ip: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}/events?channels=DAY_MARKET`,
      { headers: { "X-Forwarded-For": ip, Accept: "text/event-stream" } },
      (res) => {
        res.on("data", () => {});
        res.on("error", () => {});
        resolve({ status: res.statusCode!, headers: res.headers, req, close: () => (res.destroy(), req.destroy()) });
      },
    );
    req.on("error", (e) => (/socket hang up|ECONNRESET/.test(String(e)) ? undefined : reject(e)));
    req.end();
  });
}
