// Test helper (imported by *.property.test.ts only).
import fc from "fast-check";

type Fields<T> = { [P in keyof T]: fc.Arbitrary<T[P]> };

/**
 * One kind of a property test's random actions, for `fc.oneof`: records tagged `k` with random `fields`, drawn
 * `weight` times as often as a kind of weight 1. `action(1, "restart")` is the tag alone.
 */
export function action<K extends string, T extends object = object>(weight: number, k: K, fields?: Fields<T>) {
  const model = { k: fc.constant(k), ...fields } as Fields<{ k: K } & T>;
  return { weight, arbitrary: fc.record<{ k: K } & T>(model) };
}
