/**
 * `fn` remembered per object: its answer is computed once for each object and kept as long as the object lives.
 * For data that never changes once made (the exchange's public answers are frozen and shared by every render for
 * their half second), so that what is drawn from them (a chart's geometry, its summary) is drawn once for everyone
 * rather than once per page. Like `useMemo` with the object as its one dependency, but across renders and requests.
 */
export function memoOn<K extends object, V>(fn: (k: K) => V): (k: K) => V {
  const memo = new WeakMap<K, V>();
  return (k) => {
    if (memo.has(k)) return memo.get(k) as V;
    const v = fn(k);
    memo.set(k, v);
    return v;
  };
}
