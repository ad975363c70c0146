/**
 * The decimal rules the assets loaders use, through a `.server` module: the compiler empties it in the browser
 * build, so a route importing it for its loader does not ship decimal.js in its first-load JavaScript.
 */
export { amountText, availableIn, feePercent, groupOf, isSmallBalance, transferableCurrencies, usdTotalOf, usdValueOf } from "./rules";
export { SMALL_BALANCE_USD } from "~/contract/core/notifications";
