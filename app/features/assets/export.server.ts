import { isAccountCode } from "~/contract/core/accounts";
import type { AccountLogEntry, Deposit, Transfer, Withdrawal } from "~/contract";
import type { ApiArgs } from "~/lib/api.server";
import { csvDownload, type CsvFailure } from "~/lib/csv.server";
import { csvFileName, csvTime } from "~/lib/csv";
import { getT } from "~/lib/i18next.server";
import { accountPageOf, currencyFilter } from "./constants";

// The assets screens' records as CSV downloads (/resources/export/<kind>), with each screen's own filters.

type Args = Parameters<typeof csvDownload>[0] & ApiArgs;

/** /assets/dealRecords's list: one account's log (`types`), every currency or one (`currency_id`). */
export async function accountLogCsv(args: Args, search: URLSearchParams): Promise<Response | CsvFailure> {
  const raw = search.get("types");
  const code = isAccountCode(raw) ? raw : "change_account";
  const t = await getT(args.request, "assets");
  return csvDownload(args, {
    call: "exportAccountLog",
    payload: { account_code: code, currency_id: currencyFilter(search) },
    fileName: csvFileName(`account-log-${accountPageOf(code) ?? code}`),
    header: [
      t("csv.id"),
      t("csv.time"),
      t("csv.currency"),
      t("csv.type"),
      t("csv.change"),
      t("csv.column"),
      t("csv.balanceAfter"),
      t("csv.memo"),
    ],
    row: (e: AccountLogEntry) => [
      e.id,
      csvTime(e.created_at),
      e.currency.code,
      t(`category.${e.category}`),
      e.value,
      t(e.field === "lock_balance" ? "csv.locked" : "csv.available"),
      e.balance_after,
      e.memo,
    ],
  });
}

export async function depositsCsv(args: Args): Promise<Response | CsvFailure> {
  const t = await getT(args.request, "assets");
  return csvDownload(args, {
    call: "exportDeposits",
    payload: {},
    fileName: csvFileName("deposits"),
    header: [
      t("csv.id"),
      t("csv.time"),
      t("csv.currency"),
      t("csv.chain"),
      t("csv.amount"),
      t("csv.status"),
      t("csv.address"),
      t("csv.reviewedAt"),
    ],
    row: (d: Deposit) => [
      d.id,
      csvTime(d.created_at),
      d.currency.code,
      d.chain,
      d.amount,
      d.status_name,
      d.in_address,
      csvTime(d.reviewed_at),
    ],
  });
}

export async function withdrawalsCsv(args: Args): Promise<Response | CsvFailure> {
  const t = await getT(args.request, "assets");
  return csvDownload(args, {
    call: "exportWithdrawals",
    payload: {},
    fileName: csvFileName("withdrawals"),
    header: [
      t("csv.id"),
      t("csv.time"),
      t("csv.currency"),
      t("csv.chain"),
      t("csv.address"),
      t("csv.memo"),
      t("csv.amount"),
      t("csv.fee"),
      t("csv.received"),
      t("csv.status"),
      t("csv.reviewedAt"),
    ],
    row: (w: Withdrawal) => [
      w.id,
      csvTime(w.created_at),
      w.currency.code,
      w.chain,
      w.address,
      w.memo,
      w.number,
      w.fee,
      w.received,
      w.status_name,
      csvTime(w.reviewed_at),
    ],
  });
}

/** /assets/transferLog's list: every currency or one (`currency_id`). */
export async function transfersCsv(args: Args, search: URLSearchParams): Promise<Response | CsvFailure> {
  const t = await getT(args.request, "assets");
  const name = (code: string, fallback: string) => {
    const page = isAccountCode(code) ? accountPageOf(code) : undefined;
    return page ? t(`menu.${page}`) : fallback;
  };
  return csvDownload(args, {
    call: "exportTransfers",
    payload: { currency_id: currencyFilter(search) },
    fileName: csvFileName("transfers"),
    header: [t("csv.id"), t("csv.time"), t("csv.currency"), t("csv.amount"), t("csv.from"), t("csv.to")],
    row: (x: Transfer) => [x.id, csvTime(x.created_at), x.currency.code, x.balance, name(x.from, x.from_name), name(x.to, x.to_name)],
  });
}
