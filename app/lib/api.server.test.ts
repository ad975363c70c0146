import { randomBytes } from "node:crypto";
import { consoleErrors } from "../../tests/setup/fail-on-console-error";
import { api, buildRequest, clearPublicCache, loaded, UNAVAILABLE_RETRY_S } from "./api.server";
import { commitSession, getSession } from "./session.server";

beforeAll(() => {
  process.env.SESSION_SECRET = randomBytes(32).toString("hex");
});

const envelope = (body: unknown) => async () => new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
const page = (path = "/markets?tab=BTC", init?: RequestInit) => new Request(`http://localhost:3000${path}`, init);

beforeEach(() => clearPublicCache());

describe("api client", () => {
  it("sends lang and Authorization, the payload as query on GET and JSON on POST", async () => {
    const get = buildRequest("newsList", { category_id: 3 }, { lang: "de", token: "tok" });
    expect(get.method).toBe("GET");
    expect(new URL(get.url).pathname).toBe("/api/news/list");
    expect(new URL(get.url).searchParams.get("category_id")).toBe("3");
    expect(get.headers.get("lang")).toBe("de");
    expect(get.headers.get("Authorization")).toBe("tok");
    const post = buildRequest("login", { account: "a@b.c", password: "x" }, { lang: "en", token: null });
    expect(post.method).toBe("POST");
    expect(post.headers.get("Authorization")).toBeNull();
    expect(await post.json()).toEqual({ account: "a@b.c", password: "x" });
  });

  it("forwards the visitor's address and browser, for the exchange's session list", async () => {
    let seen: Request | undefined;
    const exchangeFetch = async (r: Request) => ((seen = r), new Response(JSON.stringify({ code: 1, msg: "", data: "tok" })));
    await api(
      { request: page("/login", { headers: { "User-Agent": "Phone Browser" } }), context: { exchangeFetch, clientIp: "198.51.100.9" } },
      "login",
      { account: "a@b.c", password: "x" },
    );
    expect(seen!.headers.get("X-Forwarded-For")).toBe("198.51.100.9");
    expect(seen!.headers.get("User-Agent")).toBe("Phone Browser");
  });

  it("returns data on code 1, parsed by the contract", async () => {
    const r = await api({ request: page(), context: { exchangeFetch: envelope({ code: 1, msg: "", data: "0" }) } }, "setting", {
      key: "popup_on",
    });
    expect(r).toEqual({ ok: true, data: "0" });
  });

  it("passes the exchange's msg on code 0, as a sentence", async () => {
    const r = await api(
      { request: page(), context: { exchangeFetch: envelope({ code: 0, msg: "incorrect account or password", data: null }) } },
      "login",
      {
        account: "a@b.c",
        password: "x",
        login_type: "email",
      },
    );
    expect(r).toEqual({ ok: false, kind: "fail", msg: "Incorrect account or password" });
  });

  it("is silent on 996", async () => {
    const r = await api(
      { request: page(), context: { exchangeFetch: envelope({ code: 996, msg: "whatever", data: null }) } },
      "newsCategories",
      {},
    );
    expect(r).toEqual({ ok: false, kind: "empty", msg: "" });
  });

  it("on 999 clears the session and redirects to login with the current page and the message", async () => {
    const req0 = page();
    const s = await getSession(req0);
    s.set("token", "old");
    s.set("account", "a@b.c");
    const cookie = (await commitSession(req0, s)).split(";")[0];
    let thrown: unknown;
    try {
      await api(
        {
          request: page("/markets?tab=BTC", { headers: { Cookie: cookie } }),
          context: { exchangeFetch: envelope({ code: 999, msg: "", data: null }) },
        },
        "userInfo",
        {},
      );
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Response);
    const res = thrown as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?page=%2Fmarkets%3Ftab%3DBTC");
    const next = await getSession(
      new Request("http://localhost:3000/login", { headers: { Cookie: res.headers.get("Set-Cookie")!.split(";")[0] } }),
    );
    expect(next.get("token")).toBeUndefined();
    expect(next.get("account")).toBeUndefined();
    expect(next.get("toast")).toEqual({ kind: "error", message: "Login timeout, please login again" });
  });

  it("maps a network failure, a time-out and a contract mismatch to the server-error message", async () => {
    const args = (exchangeFetch: (r: Request) => Promise<Response>) => ({ request: page(), context: { exchangeFetch } });
    const err = { ok: false, kind: "network", msg: "Server error, please try again later" };
    expect(
      await api(
        args(() => Promise.reject(new TypeError("fetch failed"))),
        "newsCategories",
        {},
      ),
    ).toEqual(err);
    expect(
      await api(
        args(() => new Promise(() => {})),
        "newsCategories",
        {},
        { timeoutMs: 50 },
      ),
    ).toEqual(err);
    expect(await api(args(envelope({ code: 1, msg: "", data: [{ nope: true }] })), "newsCategories", {})).toEqual(err);
    expect(
      await api(
        args(async () => new Response("<html>bad gateway</html>", { status: 502 })),
        "newsCategories",
        {},
      ),
    ).toEqual(err);
    expect(consoleErrors()).toEqual([
      expect.stringContaining("news/categories failed: fetch failed"),
      expect.stringMatching(/news\/categories failed: .*time/i),
      expect.stringContaining("does not match the contract"),
      expect.stringContaining("news/categories"),
    ]);
  });

  it("shows the server-error message in the request's language", async () => {
    const r = await api(
      { request: page("/home", { headers: { Cookie: "lang=de" } }), context: { exchangeFetch: () => Promise.reject(new Error("x")) } },
      "newsCategories",
      {},
    );
    expect(r).toEqual({ ok: false, kind: "network", msg: "Serverfehler, bitte versuchen Sie es später erneut" });
    expect(consoleErrors()).toEqual([expect.stringContaining("news/categories failed: x")]);
  });
});

describe("public data kept briefly", () => {
  const counting = (data: unknown) => {
    const seen: Request[] = [];
    const exchangeFetch = async (r: Request) => {
      seen.push(r);
      return new Response(JSON.stringify({ code: 1, msg: "", data }));
    };
    return { seen, exchangeFetch };
  };

  it("asks the exchange once for concurrent and repeated requests of the same public call, language and payload", async () => {
    const ex = counting("1");
    const args = { request: page(), context: ex };
    const results = await Promise.all([1, 2, 3].map(() => api(args, "setting", { key: "popup_on" })));
    await api(args, "setting", { key: "popup_on" });
    expect(results.every((r) => r.ok && r.data === "1")).toBe(true);
    expect(ex.seen).toHaveLength(1);
    await api(args, "setting", { key: "service_url" });
    await api({ request: page("/home", { headers: { Cookie: "lang=de" } }), context: ex }, "setting", { key: "popup_on" });
    expect(ex.seen).toHaveLength(3);
  });

  it("sends no token with public data, and never keeps private calls", async () => {
    const seen: Request[] = [];
    const exchangeFetch = async (r: Request) => {
      seen.push(r);
      const data = r.url.includes("user/info") ? { id: 7, uid: "7", is_seller: 0, email: "a@b.c", mobile: null, invite_code: "X7" } : "1";
      return new Response(JSON.stringify({ code: 1, msg: "", data }));
    };
    const args = { request: page(), context: { exchangeFetch } };
    await api(args, "setting", { key: "popup_on" }, { token: "secret" });
    expect(seen[0].headers.get("Authorization")).toBeNull();
    await api(args, "userInfo", {}, { token: "secret" });
    await api(args, "userInfo", {}, { token: "secret" });
    expect(seen.filter((r) => r.url.includes("user/info"))).toHaveLength(2);
  });

  it("keeps no failure, and asks again once the time is up", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      let fail = true;
      const seen: string[] = [];
      const exchangeFetch = async (r: Request) => {
        seen.push(r.url);
        return fail ? Promise.reject(new Error("down")) : new Response(JSON.stringify({ code: 1, msg: "", data: [] }));
      };
      const args = { request: page(), context: { exchangeFetch } };
      expect((await api(args, "currencyMatches", {})).ok).toBe(false);
      fail = false;
      expect((await api(args, "currencyMatches", {})).ok).toBe(true);
      expect((await api(args, "currencyMatches", {})).ok).toBe(true);
      expect(seen).toHaveLength(2);
      vi.setSystemTime(Date.now() + 600);
      await api(args, "currencyMatches", {});
      expect(seen).toHaveLength(3);
      expect(consoleErrors()).toEqual([expect.stringContaining("market/currency_matches failed: down")]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("hands out frozen data, so one loader cannot change what the next visitor gets", async () => {
    const ex = counting([{ id: 1, name: "News", pid: 0 }]);
    const r = await api({ request: page(), context: ex }, "newsCategories", {});
    expect(r.ok && Object.isFrozen(r.data) && Object.isFrozen(r.data[0])).toBe(true);
  });
});

describe("a page's own data", () => {
  const args = (exchangeFetch: (r: Request) => Promise<Response>) => ({
    request: page("/assets/tradeAccount"),
    context: { exchangeFetch },
  });

  it("an exchange answering 5xx (an error, or stopping) is trouble, not a refusal the screen could explain", async () => {
    const stopping = async () =>
      new Response(JSON.stringify({ code: 0, msg: "server error", data: null }), {
        status: 503,
        headers: { "Content-Type": "application/json" },
      });
    expect(await api(args(stopping), "accountList", {}, { token: "t" })).toMatchObject({ ok: false, kind: "network" });
    expect(consoleErrors()).toEqual([expect.stringContaining("account/list: the exchange answered 503")]);
  });

  it("loaded(): what could not be loaded is a 503 page with Retry-After, never drawn from nothing", async () => {
    const down = await api(
      args(() => Promise.reject(new TypeError("fetch failed"))),
      "accountList",
      {},
      { token: "t" },
    );
    let thrown: unknown;
    try {
      loaded(down);
    } catch (e) {
      thrown = e;
    }
    const response = thrown as { type: string; init: ResponseInit | null };
    expect(response?.type).toBe("DataWithResponseInit");
    expect(response.init?.status).toBe(503);
    expect(new Headers(response.init?.headers).get("Retry-After")).toBe(String(UNAVAILABLE_RETRY_S));
    // A refusal and an empty answer are the screen's to show.
    const refused = await api(args(envelope({ code: 0, msg: "not allowed" })), "accountList", {}, { token: "t" });
    expect(loaded(refused)).toBe(refused);
    expect(consoleErrors()).toHaveLength(1);
  });
});
