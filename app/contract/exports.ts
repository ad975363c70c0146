import { z } from "zod";
import { userCall } from "./define-call";
import { SpotFillSchema, SpotOrderSchema } from "./entities";
import { AccountCodeSchema, AccountLogEntrySchema, DepositSchema, TransferSchema, WithdrawalSchema } from "./money";
import { SpotFillsFilterSchema, SpotOrdersFilterSchema } from "./orders";

/**
 * Exports: the records a CSV download is made of, read newest first a page at a time by the id they stop before
 * (keyset paging: each page costs the same however deep the export is, where an offset would be read past every
 * time). A page answers its rows and the `before_id` of the next page, null after the last.
 */

/** The most rows one export page may ask for (the default too). */
export const EXPORT_LIMIT_MAX = 1000;

const keyset = {
  /** Rows with an id below this one (absent or '': from the newest). */
  before_id: z
    .union([z.literal(""), z.coerce.number().int().positive()])
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
  limit: z
    .union([z.literal(""), z.coerce.number().int().positive().max(EXPORT_LIMIT_MAX)])
    .optional()
    .transform((v) => (v === "" || v === undefined ? EXPORT_LIMIT_MAX : v)),
};

export function exportPageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.array(item),
    /** The next page's `before_id`; null when this page is the last. */
    next_before_id: z.coerce.number().int().positive().nullable(),
  });
}

const OptionalPositiveInt = z
  .union([z.literal(""), z.coerce.number().int().positive()])
  .optional()
  .transform((v) => (v === "" ? undefined : v));

export const ExportOrdersPayloadSchema = SpotOrdersFilterSchema.extend(keyset);
export const ExportFillsPayloadSchema = SpotFillsFilterSchema.extend(keyset);
/** One account's log (the records screen's `types`), all currencies or one. */
export const ExportAccountLogPayloadSchema = z.object({
  account_code: z
    .union([z.literal(""), AccountCodeSchema])
    .optional()
    .transform((v) => (v ? v : "change_account")),
  currency_id: OptionalPositiveInt,
  ...keyset,
});
export const ExportTransfersPayloadSchema = z.object({ currency_id: OptionalPositiveInt, ...keyset });
export const ExportPagePayloadSchema = z.object(keyset);

export const exportCalls = {
  exportOrders: userCall("GET", "export/orders", ExportOrdersPayloadSchema, exportPageOf(SpotOrderSchema)),
  exportFills: userCall("GET", "export/fills", ExportFillsPayloadSchema, exportPageOf(SpotFillSchema)),
  exportAccountLog: userCall("GET", "export/account_log", ExportAccountLogPayloadSchema, exportPageOf(AccountLogEntrySchema)),
  exportDeposits: userCall("GET", "export/deposits", ExportPagePayloadSchema, exportPageOf(DepositSchema)),
  exportWithdrawals: userCall("GET", "export/withdrawals", ExportPagePayloadSchema, exportPageOf(WithdrawalSchema)),
  exportTransfers: userCall("GET", "export/transfers", ExportTransfersPayloadSchema, exportPageOf(TransferSchema)),
  /** The savings log (the /coinlog screen): the savings account's lock, interest and return rows. */
  exportSavingsLog: userCall("GET", "export/savings_log", ExportPagePayloadSchema, exportPageOf(AccountLogEntrySchema)),
};

/** The names of the export calls. */
export type ExportCall = keyof typeof exportCalls;
