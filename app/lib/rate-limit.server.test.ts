import { RateLimiter } from "./rate-limit.server";

describe("RateLimiter", () => {
  it("allows 10 a minute and refuses the 11th with a retry time", () => {
    let now = 1_000_000;
    const rl = new RateLimiter(10, 60_000, () => now);
    for (let i = 0; i < 10; i++) expect(rl.hit(["ip:1"])).toBeNull();
    const refused = rl.hit(["ip:1"]);
    expect(refused).not.toBeNull();
    expect(refused!.retryAfter).toBe(60);
    now += 30_000;
    expect(rl.hit(["ip:1"])!.retryAfter).toBe(30);
    now += 30_001;
    expect(rl.hit(["ip:1"])).toBeNull();
  });
  it("limits by each key, so another IP on the same account is refused too", () => {
    const rl = new RateLimiter(2, 60_000, () => 0);
    expect(rl.hit(["ip:1", "address:a"])).toBeNull();
    expect(rl.hit(["ip:2", "address:a"])).toBeNull();
    expect(rl.hit(["ip:3", "address:a"])).not.toBeNull();
    expect(rl.hit(["ip:3", "address:b"])).toBeNull();
  });
  it("does not count refused attempts", () => {
    let now = 0;
    const rl = new RateLimiter(1, 1000, () => now);
    expect(rl.hit(["k"])).toBeNull();
    expect(rl.hit(["k"])).not.toBeNull();
    now = 1001;
    expect(rl.hit(["k"])).toBeNull();
  });
});
