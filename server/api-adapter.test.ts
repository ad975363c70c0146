import express from "express";
import type { Request as ExpressRequest } from "express";
import { apiBase, remoteTransport, toFetchRequest } from "./api-adapter";

async function targets(base: string): Promise<string[]> {
  const seen: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (r: Request) => {
    seen.push(r.url);
    return new Response("{}");
  }) as typeof fetch;
  try {
    const t = remoteTransport(base);
    await t(new Request("http://exchange.internal/api/news/list?category_id=1"));
    await t(new Request("http://exchange.internal/addr/GetDrawAddress", { method: "POST", body: "x" }));
  } finally {
    globalThis.fetch = realFetch;
  }
  return seen;
}

describe("remoteTransport", () => {
  it("sends /api/ calls below the base and /addr/ calls to the host's /addr/", async () => {
    expect(await targets("https://ex.example/backend/")).toEqual([
      "https://ex.example/backend/api/news/list?category_id=1",
      "https://ex.example/addr/GetDrawAddress",
    ]);
  });

  it("takes EXCHANGE_API_URL as the exchange's /api/ base (the README's spelling) as well as the bare host", async () => {
    const expected = ["http://127.0.0.1:3001/api/news/list?category_id=1", "http://127.0.0.1:3001/addr/GetDrawAddress"];
    expect(await targets("http://127.0.0.1:3001/api/")).toEqual(expected);
    expect(await targets("http://127.0.0.1:3001/api")).toEqual(expected);
    expect(await targets("http://127.0.0.1:3001")).toEqual(expected);
    expect(await targets("http://127.0.0.1:3001/")).toEqual(expected);
    expect(await targets("https://ex.example/backend/api/")).toEqual([
      "https://ex.example/backend/api/news/list?category_id=1",
      "https://ex.example/addr/GetDrawAddress",
    ]);
  });

  it("apiBase never appends api/ twice", () => {
    expect(apiBase("http://h:3001/api/").href).toBe("http://h:3001/api/");
    expect(apiBase("http://h:3001/apis").href).toBe("http://h:3001/apis/api/");
  });
});

describe("toFetchRequest", () => {
  function req(method: string, headers: Record<string, string>, remoteAddress = "127.0.0.1"): ExpressRequest {
    const app = express();
    app.set("trust proxy", "loopback");
    return { app, method, originalUrl: "/api/user/login?x=1", headers, socket: { remoteAddress } } as unknown as ExpressRequest;
  }

  it("reads the body it is given, not the socket", async () => {
    const body = new TextEncoder().encode('{"account":"a"}');
    const r = toFetchRequest(req("POST", { host: "127.0.0.1:3000", "content-type": "application/json" }), body);
    expect(r.url).toBe("http://127.0.0.1:3000/api/user/login?x=1");
    expect(await r.text()).toBe('{"account":"a"}');
    expect(await toFetchRequest(req("POST", { host: "h" })).text()).toBe("");
  });

  it("takes the forwarded host and scheme only from the trusted proxy", () => {
    const h = { host: "127.0.0.1:3000", "x-forwarded-host": "ex.example", "x-forwarded-proto": "https" };
    expect(toFetchRequest(req("GET", h)).url).toBe("https://ex.example/api/user/login?x=1");
    expect(toFetchRequest(req("GET", h, "203.0.113.5")).url).toBe("http://127.0.0.1:3000/api/user/login?x=1");
  });
});
