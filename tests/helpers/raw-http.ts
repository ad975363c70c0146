import { request as httpRequest } from "node:http";

export type RawAnswer = { status: number; headers: Record<string, string | string[] | undefined>; text: string };

/**
 * One raw HTTP request: the test decides method, headers, chunking and Content-Length exactly (each chunk is written
 * after the previous one drained), and gets the status, headers and body text.
 */
export function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  chunks: (string | Buffer)[] = [],
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on("error", reject);
    let i = 0;
    const next = () => {
      if (i >= chunks.length) return void req.end();
      if (req.write(chunks[i++])) setImmediate(next);
      else req.once("drain", next);
    };
    next();
  });
}
