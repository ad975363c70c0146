import { randomBytes } from "node:crypto";
import { commitSession, getSession, getToken, seal, unseal } from "./session.server";

beforeAll(() => {
  process.env.SESSION_SECRET = randomBytes(32).toString("hex");
});

describe("encrypted session cookie", () => {
  it("round-trips and hides the token", async () => {
    const k = randomBytes(32);
    const sealed = seal({ token: "secret-token-123" }, k);
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("secret-token-123");
    expect(unseal(sealed, k)).toEqual({ token: "secret-token-123" });
  });
  it("rejects a tampered or foreign cookie", () => {
    const k = randomBytes(32);
    const sealed = seal({ token: "t" }, k);
    const bytes = Buffer.from(sealed, "base64url");
    bytes[bytes.length - 1] ^= 1;
    expect(unseal(bytes.toString("base64url"), k)).toBeNull();
    expect(unseal(sealed, randomBytes(32))).toBeNull();
    expect(unseal("garbage", k)).toBeNull();
  });
  it("sets HttpOnly and SameSite=Lax, and a max age only when remembered", async () => {
    const req = new Request("http://localhost:3000/login");
    const s = await getSession(req);
    s.set("token", "abc");
    const cookie = await commitSession(req, s);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Max-Age/);
    s.set("remember", true);
    expect(await commitSession(req, s)).toMatch(/Max-Age=2592000/);
    const back = await getSession(
      new Request("http://localhost:3000/", { headers: { Cookie: (await commitSession(req, s)).split(";")[0] } }),
    );
    expect(back.get("token")).toBe("abc");
  });
  it("reads a request's cookie once, yet gives every asker its own copy of the data", async () => {
    const req = new Request("http://localhost:3000/login");
    const s = await getSession(req);
    s.set("token", "abc");
    s.set("ownCodeSentAt", { tradePassword: 1 });
    const signedIn = new Request("http://localhost:3000/", { headers: { Cookie: (await commitSession(req, s)).split(";")[0] } });
    const first = await getSession(signedIn);
    first.get("ownCodeSentAt")!.tradePassword = 2;
    first.set("token", "changed");
    const second = await getSession(signedIn);
    expect(second.get("token")).toBe("abc");
    expect(second.get("ownCodeSentAt")).toEqual({ tradePassword: 1 });
    expect(await getToken(signedIn)).toBe("abc");
    // Another request with a cookie that does not open is a visitor, whatever an earlier request held.
    expect(await getToken(new Request("http://localhost:3000/", { headers: { Cookie: "sid=garbage" } }))).toBeNull();
  });
});
