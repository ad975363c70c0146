import type { Handlers } from "../context";
import { assetHandlers } from "./assets";
import { convertHandlers } from "./convert";
import { depositHandlers } from "./deposit";
import { savingsHandlers } from "./savings";
import { tradePasswordHandlers } from "./trade-password";
import { transferHandlers } from "./transfer";
import { withdrawHandlers } from "./withdraw";

/** The money calls, one handler file per domain (their SQL in ../models/). */
export const moneyHandlers = {
  ...assetHandlers,
  ...depositHandlers,
  ...withdrawHandlers,
  ...transferHandlers,
  ...tradePasswordHandlers,
  ...savingsHandlers,
  ...convertHandlers,
} satisfies Partial<Handlers>;
