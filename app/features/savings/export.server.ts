import type { AccountLogEntry } from "~/contract";
import type { ApiArgs } from "~/lib/api.server";
import { csvDownload, type CsvFailure } from "~/lib/csv.server";
import { csvFileName, csvTime } from "~/lib/csv";
import { getT } from "~/lib/i18next.server";

/** /coinlog's list as a CSV download: every purchase, interest payment and principal return of my savings. */
export async function savingsLogCsv(args: Parameters<typeof csvDownload>[0] & ApiArgs): Promise<Response | CsvFailure> {
  const t = await getT(args.request, "savings");
  return csvDownload(args, {
    call: "exportSavingsLog",
    payload: {},
    fileName: csvFileName("savings-log"),
    header: [
      t("csv.id"),
      t("csv.time"),
      t("log.type"),
      t("log.account"),
      t("log.currency"),
      t("log.amount"),
      t("csv.column"),
      t("log.memo"),
    ],
    row: (e: AccountLogEntry) => [
      e.id,
      csvTime(e.created_at),
      t(`log.types.${e.type}`, { defaultValue: t("log.types.other") }),
      t(`log.accounts.${e.account_code}`, { defaultValue: t("log.accounts.other") }),
      e.currency.code,
      e.value,
      t(e.field === "lock_balance" ? "csv.locked" : "csv.available"),
      e.memo,
    ],
  });
}
