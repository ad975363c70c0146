import { remoteTransport } from "./api-adapter";

describe("remoteTransport", () => {
  it("sends /api/ calls below the base and /addr/ calls to the host's /addr/", async () => {
    const seen: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (r: Request) => {
      seen.push(r.url);
      return new Response("{}");
    }) as typeof fetch;
    try {
      const t = remoteTransport("https://ex.example/backend/");
      await t(new Request("http://exchange.internal/api/news/list?category_id=1"));
      await t(new Request("http://exchange.internal/addr/GetDrawAddress", { method: "POST", body: "x" }));
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(seen).toEqual(["https://ex.example/backend/api/news/list?category_id=1", "https://ex.example/addr/GetDrawAddress"]);
  });
});
