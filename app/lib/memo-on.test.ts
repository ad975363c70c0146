import { describe, expect, it } from "vitest";
import { memoOn } from "./memo-on";

describe("memoOn", () => {
  it("computes once per object and again for another object", () => {
    let calls = 0;
    const size = memoOn((xs: number[]) => (calls++, xs.length));
    const a = [1, 2, 3];
    expect(size(a)).toBe(3);
    expect(size(a)).toBe(3);
    expect(calls).toBe(1);
    expect(size([1])).toBe(1);
    expect(calls).toBe(2);
  });
});
