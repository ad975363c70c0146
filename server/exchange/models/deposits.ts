import type { DB } from "../db/index";

export interface NewDeposit {
  userId: number;
  currencyId: number;
  protocolId: number | null;
  amount: string;
  inAddress: string | undefined;
  walletAddress: string | undefined;
  now: number;
}

export function insertDeposit(db: DB, d: NewDeposit): number {
  const r = db
    .prepare(
      "INSERT INTO deposits (user_id, currency_id, protocol_id, amount, in_address, wallet_address, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .run(d.userId, d.currencyId, d.protocolId, d.amount, d.inAddress, d.walletAddress, d.now);
  return Number(r.lastInsertRowid);
}
