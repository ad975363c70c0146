import Decimal from "decimal.js";
import { leverProfit, liquidationPrice, type LiquidationInput } from "~/contract/core/lever";

/**
 * The estimated liquidation price the confirmation shows before a position opens: the account after opening (the
 * margin and the fee leave the available balance, the margin joins the margin in use, and the new position starts
 * at the spread's loss), then the price at which this position alone brings the account to the liquidation line
 * (the rest unchanged). A fixed-price order is judged as if it opened at its price now. Null when no price above
 * zero reaches the line, or the balance cannot pay for it.
 */
export function estimatedLiquidation(
  input: Omit<LiquidationInput, "currentPrice"> & {
    /** The price it opens from (the market's, or the fixed price) and the open price with the spread. */
    price: string;
    openPrice: string;
    margin: string;
    fee: string;
  },
): string | null {
  const after = new Decimal(input.available).minus(input.margin).minus(input.fee);
  if (after.lt(0)) return null;
  return liquidationPrice({
    type: input.type,
    currentPrice: input.price,
    number: input.number,
    available: after.toFixed(),
    marginInUse: new Decimal(input.marginInUse).plus(input.margin).toFixed(),
    profit: new Decimal(input.profit).plus(leverProfit(input.type, input.openPrice, input.price, input.number)).toFixed(),
    pricePrecision: input.pricePrecision,
    line: input.line,
  });
}
