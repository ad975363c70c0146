import { LEVER_TABS, type LeverTab } from "~/contract/core/lever";

/** The history panel's tabs in their order (docs/product.md, "/lever") and the `orders` query value of each. */
export const LEVER_TAB_ORDER: LeverTab[] = ["current", "positions", "pending", "closed", "cancelled", "delegation"];

export function leverTabOf(value: string | null | undefined): LeverTab {
  return (LEVER_TAB_ORDER as string[]).includes(value ?? "") ? (value as LeverTab) : "current";
}

/** Which call lists a tab: the pair's open positions (lever/dealall), or lever/my_trade with a status (and the pair for the delegation view). */
export function tabQuery(
  tab: LeverTab,
  pairId: number,
): { call: "dealall" } | { call: "my_trade"; status: 0 | 1 | 3 | 4; currency_match_id?: number } {
  const code = LEVER_TABS[tab];
  if (tab === "current") return { call: "dealall" };
  if (tab === "delegation") return { call: "my_trade", status: 0, currency_match_id: pairId };
  return { call: "my_trade", status: code as 0 | 1 | 3 | 4 };
}

/** Tabs whose rows are open positions (live pushes replace them; closing removes them). */
export function showsOpen(tab: LeverTab): boolean {
  return tab === "current" || tab === "positions";
}

export function showsPending(tab: LeverTab): boolean {
  return tab === "pending" || tab === "delegation";
}
