import type { DB } from "../db/index";
import { statement } from "../db/statements";

/** A row of `currency_matches` as the pair list shows it. */
export interface PairRow {
  id: number;
  base_currency_id: number;
  quote_currency_id: number;
  open_change: number;
  open_lever: number;
  open_microtrade: number;
  price_precision: number;
  amount_precision: number;
  lever_point_rate: string;
  lever_share_num: string;
  lever_fee_rate: string;
}

/** The quote currencies (the groups of the pair list), in their order. */
export function quoteCurrencies(db: DB): { id: number; code: string }[] {
  return statement(db, "SELECT id, code FROM currencies WHERE is_quote = 1 ORDER BY sort, id").all() as { id: number; code: string }[];
}

/** Every pair, in its order. */
export function allPairs(db: DB): PairRow[] {
  return statement(db, "SELECT * FROM currency_matches ORDER BY sort, id").all() as PairRow[];
}
