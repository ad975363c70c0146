import { createHash } from "node:crypto";
import type { AddressEntry } from "../../../app/contract/index";
import type { DB } from "../db/index";
import type { Destination } from "../models/withdrawals";
import { MEMO_CHAINS, type CurrencyRow, type ProtocolRow } from "./currencies";
import { addressFitsChain } from "../../../app/contract/core/addresses";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const HEX = "0123456789abcdef";

/** `length` characters of `alphabet` drawn from a hash stream of `seed` (deterministic). */
function chars(seed: string, alphabet: string, length: number): string {
  let out = "";
  for (let block = 0; out.length < length; block++) {
    const h = createHash("sha256").update(`${seed}|${block}`).digest();
    for (const byte of h) {
      if (out.length >= length) break;
      out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

/**
 * A user's deposit address on a chain: deterministic in (user, chain) — tokens on one chain share the address, as
 * on real chains — and shaped like the chain's addresses. XRP uses the platform's address and a per-user
 * destination tag (memo).
 */
export function deriveDepositAddress(userId: number, p: ProtocolRow): { address: string; memo: string } {
  const seed = `deposit|${userId}|${p.chain}`;
  switch (p.chain) {
    case "BTC":
      return { address: `bc1q${chars(seed, BECH32, 38)}`, memo: "" };
    case "LTC":
      return { address: `ltc1q${chars(seed, BECH32, 38)}`, memo: "" };
    case "ERC20":
    case "BEP20":
      return { address: `0x${chars(seed, HEX, 40)}`, memo: "" };
    case "TRC20":
      return { address: `T${chars(seed, BASE58, 33)}`, memo: "" };
    case "SOL":
      return { address: chars(seed, BASE58, 44), memo: "" };
    case "DOGE":
      return { address: `D${chars(seed, BASE58, 33)}`, memo: "" };
    case "ADA":
      return { address: `addr1q${chars(seed, BECH32, 98)}`, memo: "" };
    case "XRP":
      return { address: p.in_address, memo: String(100_000_000 + userId) };
    default:
      return { address: `${p.chain.toLowerCase()}:${chars(seed, HEX, 40)}`, memo: "" };
  }
}

/** The stored deposit address (created on first use). */
export function depositAddress(db: DB, userId: number, c: CurrencyRow, p: ProtocolRow, now: number): { address: string; memo: string } {
  const row = db
    .prepare("SELECT address, memo FROM deposit_addresses WHERE user_id = ? AND currency_id = ? AND protocol_id = ?")
    .get(userId, c.id, p.id) as { address: string; memo: string } | undefined;
  if (row) return row;
  const d = deriveDepositAddress(userId, p);
  db.prepare(
    "INSERT OR IGNORE INTO deposit_addresses (user_id, currency_id, protocol_id, address, memo, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(userId, c.id, p.id, d.address, d.memo, now);
  return d;
}

// Address shapes per chain: the contract core's one rule, which the app's forms check with too.
export { addressFitsChain };

/** XRP destination tags are digits (up to 10). */
export function memoProblem(chain: string, memo: string): string | null {
  if (memo === "") return null;
  if (!MEMO_CHAINS.has(chain)) return "memo_not_supported";
  return /^\d{1,10}$/.test(memo) ? null : "memo_invalid";
}

interface AddressRow extends Destination {
  id: number;
  created_at: number;
  code: string;
  chain: string;
  token_address: string;
}

const ADDRESS_SELECT = `SELECT a.*, c.code, ch.code AS chain, cp.token_address FROM withdrawal_addresses a
  JOIN currencies c ON c.id = a.currency_id JOIN currency_protocols cp ON cp.id = a.protocol_id JOIN chain_protocols ch ON ch.id = cp.chain_protocol_id`;

export function toAddressEntry(r: AddressRow): AddressEntry {
  return {
    id: r.id,
    user_id: r.user_id,
    currency_id: r.currency_id,
    coin_name: r.code,
    currency_protocol_id: r.protocol_id,
    chain: r.chain,
    contract_address: r.token_address,
    address: r.address,
    memo: r.memo,
    created_at: r.created_at,
  };
}

/** Bound addresses of a user, optionally of one currency and chain, oldest first. */
export function boundAddresses(db: DB, userId: number, currencyId?: number, protocolId?: number): AddressEntry[] {
  const where = ["a.user_id = ?"];
  const args: unknown[] = [userId];
  if (currencyId !== undefined) {
    where.push("a.currency_id = ?");
    args.push(currencyId);
  }
  if (protocolId !== undefined) {
    where.push("a.protocol_id = ?");
    args.push(protocolId);
  }
  return (db.prepare(`${ADDRESS_SELECT} WHERE ${where.join(" AND ")} ORDER BY a.id`).all(...args) as AddressRow[]).map(toAddressEntry);
}

export function findAddressEntry(db: DB, id: number): AddressEntry | undefined {
  const r = db.prepare(`${ADDRESS_SELECT} WHERE a.id = ?`).get(id) as AddressRow | undefined;
  return r ? toAddressEntry(r) : undefined;
}

/**
 * The chain of `coin` named by `contractAddress`: the protocol whose token contract matches (case-insensitive),
 * or whose chain code matches ('TRC20'); '' means the currency's only (native) chain.
 */
export function protocolByContract(c: CurrencyRow, contractAddress: string): ProtocolRow | undefined {
  const v = contractAddress.trim().toLowerCase();
  if (v === "") return c.protocols.find((p) => p.token_address === "") ?? (c.protocols.length === 1 ? c.protocols[0] : undefined);
  return c.protocols.find((p) => p.token_address.toLowerCase() === v) ?? c.protocols.find((p) => p.chain.toLowerCase() === v);
}
