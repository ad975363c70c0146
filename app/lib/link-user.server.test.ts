import { createSession } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { linkUser } from "./link-user.server";
import type { AppSession } from "./session.server";

const session = (data: Record<string, unknown>) => createSession(data) as unknown as AppSession;

describe("linkUser", () => {
  it("names nobody for a visitor", () => {
    expect(linkUser(session({}), null)).toBeNull();
    expect(linkUser(session({ uid: "7", account: "a@example.com" }), null)).toBeNull();
  });

  it("takes the exchange's user id when it answered, else the session's", () => {
    const signedIn = session({ token: "t", uid: "7", account: "a@example.com" });
    const info = { ok: true as const, data: { uid: 42 } as never };
    expect(linkUser(signedIn, info)).toEqual({ account: "a@example.com", uid: "42" });
    expect(linkUser(signedIn, { ok: false, kind: "network", msg: "down" })).toEqual({ account: "a@example.com", uid: "7" });
  });
});
