/**
 * What the assets loaders use, through a `.server` module: the compiler empties it in the browser build, so a route
 * importing it for its loader ships neither decimal.js nor the loader's other helpers (formatting, the account pages'
 * names, the glance's drawing, the rows' filter, the 404) in its first-load JavaScript. A plain import of those, used by the
 * loader only, would stay in the page as a module loaded for its side effects.
 */
export { amountText, availableIn, feePercent, groupOf, isSmallBalance, transferableCurrencies, usdTotalOf, usdValueOf } from "./rules";
export { SMALL_BALANCE_USD } from "~/contract/core/notifications";
export { formatAmount, formatCoin } from "~/lib/amount";
export { invariantResponse } from "~/lib/invariant.server";
export { ACCOUNT_PAGE_NAMES, ACCOUNT_PAGES } from "./constants";
export { glanceHtml } from "./glance.server";
export { filterHoldings, holdingsFilterOf } from "./holdings";
