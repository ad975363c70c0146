/**
 * 'Cancel all' asks first: the question is in the address (`?confirm=cancel-all&scope=pair|all`), so it works without
 * JavaScript; each screen's loader answers it with what would be cancelled. These helpers carry no interface, so a
 * screen can ask without loading the dialog (components/cancel-all-confirm).
 */

/** What the screen's loader says when its address asks to cancel all (`?confirm=cancel-all&scope=pair|all`). */
export type CancelAllAsk = {
  scope: "pair" | "all";
  /** The pair's id and symbol for scope 'pair'. */
  pair: { id: number; symbol: string } | null;
  /** How many working orders (open and untriggered) it would cancel. */
  count: number;
  key: string;
};

/** `?confirm=cancel-all&scope=…` on the current address: the link that asks first. */
export function cancelAllHref(pathname: string, search: string, scope: "pair" | "all"): string {
  const q = new URLSearchParams(search);
  q.set("confirm", "cancel-all");
  q.set("scope", scope);
  q.delete("page");
  return `${pathname}?${q.toString()}`;
}

/** The address without the question (where the dialog goes back to). */
export function withoutCancelAll(pathAndSearch: string): string {
  const [path, search = ""] = pathAndSearch.split("?");
  const q = new URLSearchParams(search);
  q.delete("confirm");
  q.delete("scope");
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
