import { describe, expect, it } from "vitest";
import { StreamLimiter } from "./stream-limit";

describe("StreamLimiter", () => {
  it("lets a client hold up to max streams, refuses the next, and frees a slot when one closes", () => {
    const l = new StreamLimiter(3);
    const releases = [l.acquire("a"), l.acquire("a"), l.acquire("a")];
    expect(releases.every(Boolean)).toBe(true);
    expect(l.acquire("a")).toBeNull();
    expect(l.acquire("b")).not.toBeNull(); // another client is not affected
    releases[0]!();
    releases[0]!(); // a second release of the same stream frees nothing more
    expect(l.count("a")).toBe(2);
    expect(l.acquire("a")).not.toBeNull();
    expect(l.acquire("a")).toBeNull();
  });

  it("forgets a client whose streams all closed", () => {
    const l = new StreamLimiter(2);
    const r = l.acquire("a")!;
    expect(l.clients).toBe(1);
    r();
    expect(l.clients).toBe(0);
  });
});
