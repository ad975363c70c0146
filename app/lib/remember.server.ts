/** One instance per process, even when the dev server re-evaluates modules. */
export function remember<T>(name: string, create: () => T): T {
  const g = globalThis as unknown as { __remembered?: Map<string, unknown> };
  g.__remembered ??= new Map();
  if (!g.__remembered.has(name)) g.__remembered.set(name, create());
  return g.__remembered.get(name) as T;
}
