import { describe, expect, it } from "vitest";
import { Hub, type Subscriber } from "./hub";

const sub = (userId: number | null, lang?: string) => {
  const got: unknown[] = [];
  const s: Subscriber = { userId, lang, channels: new Set(), send: (m) => got.push(m) };
  return { s, got };
};

describe("Hub.publishToEachUser", () => {
  it("builds once per user and language, skips the anonymous and those it answers nothing for", () => {
    const hub = new Hub();
    const a1 = sub(1, "en");
    const a2 = sub(1, "en");
    const b = sub(2, "de");
    const c = sub(3);
    const anon = sub(null);
    for (const x of [a1, a2, b, c, anon]) hub.subscribe(x.s, "LEVER_TRADE");
    const built: string[] = [];
    hub.publishToEachUser("LEVER_TRADE", (userId, lang) => {
      built.push(`${userId}|${lang}`);
      return userId === 3 ? undefined : { userId, lang };
    });
    expect(built.sort()).toEqual(["1|en", "2|de", "3|undefined"]);
    expect(a1.got).toEqual([{ userId: 1, lang: "en" }]);
    expect(a2.got).toEqual([{ userId: 1, lang: "en" }]);
    expect(b.got).toEqual([{ userId: 2, lang: "de" }]);
    expect(c.got).toEqual([]);
    expect(anon.got).toEqual([]);
  });
});
