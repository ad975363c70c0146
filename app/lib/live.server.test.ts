import { randomBytes } from "node:crypto";
import { sessionStreamKey, streamUser } from "./live.server";
import { commitSession, getSession } from "./session.server";

beforeAll(() => {
  process.env.SESSION_SECRET = randomBytes(32).toString("hex");
});

const TOKEN = "a-session-token-0123456789";

/** A request carrying a signed-in session's cookie (token TOKEN, uid 7). */
async function signedIn(): Promise<Request> {
  const blank = new Request("http://localhost:3000/events?channels=TX_SUBMIT");
  const session = await getSession(blank);
  session.set("token", TOKEN);
  session.set("uid", "7");
  const cookie = (await commitSession(blank, session)).split(";")[0]!;
  return new Request(blank.url, { headers: { Cookie: cookie } });
}

/** The exchange answering user/info with `code` (1: the session is live), counting the calls and their tokens. */
function exchange(code: number) {
  const seen: Array<string | null> = [];
  const user = {
    id: 7,
    uid: "7",
    is_seller: 0,
    email: "a@b.c",
    mobile: null,
    invite_code: "X",
    review_status: 0,
    area_id: null,
    google_switch: 0,
  };
  const exchangeFetch = async (r: Request) => {
    seen.push(r.headers.get("Authorization"));
    return new Response(JSON.stringify({ code, msg: code === 1 ? "" : "login timeout", data: code === 1 ? user : null }));
  };
  return { seen, context: { exchangeFetch } };
}

describe("streamUser: whose private channels /events may follow", () => {
  it("a live session's: keyed per session by a digest, never by the token itself", async () => {
    const ex = exchange(1);
    const user = await streamUser({ request: await signedIn(), context: ex.context });
    expect(user).toEqual({ key: sessionStreamKey("7", TOKEN), token: TOKEN });
    expect(user!.key).toMatch(/^7\.[0-9a-f]{16}$/);
    expect(user!.key).not.toContain(TOKEN);
    expect(sessionStreamKey("7", "another-session")).not.toBe(user!.key);
    expect(ex.seen).toEqual([TOKEN]);
  });

  it("none for a session the exchange no longer takes (signed out elsewhere, a changed password): public channels only", async () => {
    const ex = exchange(999);
    expect(await streamUser({ request: await signedIn(), context: ex.context })).toBeNull();
    expect(ex.seen).toEqual([TOKEN]);
  });

  it("none, and no call, without a session", async () => {
    const ex = exchange(1);
    expect(await streamUser({ request: new Request("http://localhost:3000/events"), context: ex.context })).toBeNull();
    expect(ex.seen).toEqual([]);
  });
});
