/**
 * The fields of the site's forms that carry a figure (a price, an amount, a quantity, a stake): the fields a phone
 * shows its decimal keypad for (`inputmode="decimal"`), whose comma the server reads as the point (`postedForm` in
 * forms.server.ts). A form that adds a figure field under a new name adds the name here; the phone test's sweep finds
 * every decimal field of the screens it visits in this list.
 */
export const FIGURE_FIELDS: ReadonlySet<string> = new Set([
  // Spot orders, the second contract, savings and the withdrawal's amount.
  "number",
  "price",
  "trigger_price",
  "stop_price",
  // Lever: the limit price and a position's stops.
  "target_price",
  "target_profit_price",
  "stop_loss_price",
  // Transfer, flash convert, a declared deposit.
  "balance",
  "amount",
  "chargeNum",
  // P2P: a buyer's or seller's amount or quantity (`value`), a merchant's ad.
  "value",
  "total",
  "min_quantity",
  "max_quantity",
]);
