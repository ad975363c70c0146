import { randomBytes } from "node:crypto";
import { JS_FIELD, JS_VALUE } from "./answer";
import { redirectOrData, wantsData } from "./answer.server";
import { getSession } from "./session.server";

beforeAll(() => {
  process.env.SESSION_SECRET = randomBytes(32).toString("hex");
});

const form = (js: boolean) => {
  const f = new FormData();
  f.set("intent", "cancel");
  if (js) f.set(JS_FIELD, JS_VALUE);
  return f;
};
const post = (path = "/trade?index") => new Request(`http://localhost:3000${path}`, { method: "POST" });

/** What the helper throws without JavaScript: the redirect (a Response), or a failure if it returned instead. */
async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
  throw new Error("expected a redirect to be thrown");
}

/** The toast the redirect flashed, as the page it lands on reads it from the session cookie. */
async function flashed(res: Response) {
  const cookie = res.headers.get("Set-Cookie") ?? "";
  expect(cookie).toMatch(/HttpOnly/);
  const session = await getSession(new Request("http://localhost:3000/trade", { headers: { Cookie: cookie.split(";")[0] } }));
  return session.get("toast");
}

describe("wantsData", () => {
  it("is true only for the flag a hydrated form sends", () => {
    expect(wantsData(form(true))).toBe(true);
    expect(wantsData(form(false))).toBe(false);
    const zero = new FormData();
    zero.set(JS_FIELD, "0");
    expect(wantsData(zero)).toBe(false);
  });
});

describe("redirectOrData", () => {
  it("with JavaScript answers the data, 200 for a success and 400 for an error, and flashes nothing", async () => {
    const ok = await redirectOrData(post(), form(true), {
      to: "/trade",
      toast: { kind: "success", message: "Cancelled" },
      data: { intent: "cancel", ok: true, id: 7 },
    });
    expect(ok.data).toEqual({ intent: "cancel", ok: true, id: 7 });
    expect(ok.init?.status).toBe(200);
    expect(new Headers(ok.init?.headers).get("Set-Cookie")).toBeNull();
    const refused = await redirectOrData(post(), form(true), {
      to: "/trade",
      toast: { kind: "error", message: "Not found" },
      data: { intent: "cancel", ok: false, id: 7, msg: "Not found" },
    });
    expect(refused.data).toEqual({ intent: "cancel", ok: false, id: 7, msg: "Not found" });
    expect(refused.init?.status).toBe(400);
  });

  it("without JavaScript redirects to the target with the toast committed to the session", async () => {
    const res = await thrown(() =>
      redirectOrData(post(), form(false), {
        to: "/trade/ETH_USDT?tab=history#orders",
        toast: { kind: "success", message: "Order placed" },
        data: { ok: true },
      }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/trade/ETH_USDT?tab=history#orders");
    expect(await flashed(res)).toEqual({ kind: "success", message: "Order placed" });
  });

  it("keeps an error toast an error toast", async () => {
    const res = await thrown(() =>
      redirectOrData(post("/lever"), form(false), { to: "/lever", toast: { kind: "error", message: "Refused" }, data: null }),
    );
    expect(res.headers.get("Location")).toBe("/lever");
    expect(await flashed(res)).toEqual({ kind: "error", message: "Refused" });
  });

  it.each([
    "//evil.example",
    "https://evil.example/trade",
    "/\\evil.example",
    "/\t/evil.example",
    "/.//evil.example",
    "javascript:alert(1)",
    "",
  ])("never leaves the site: %j goes back to the screen the form was posted to", async (to) => {
    const res = await thrown(() =>
      redirectOrData(post("/trade?index"), form(false), { to, toast: { kind: "success", message: "x" }, data: 1 }),
    );
    expect(res.headers.get("Location")).toBe("/trade");
  });

  it("falls back to /home when even the posted path is not one to go back to", async () => {
    const res = await thrown(() =>
      redirectOrData(post("//evil.example/x"), form(false), {
        to: "https://evil.example",
        toast: { kind: "success", message: "x" },
        data: 1,
      }),
    );
    expect(res.headers.get("Location")).toBe("/home");
  });
});
