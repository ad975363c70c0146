// The shape of an address on each chain: the one rule for every form that takes a wallet address (the withdrawal
// address book, the deposit declaration). A typo check, not a checksum. No imports: bundled for the browser too.

/** Address shapes per chain code (chain_protocol.code). */
export const ADDRESS_SHAPES: Readonly<Record<string, RegExp>> = {
  BTC: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
  LTC: /^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3][1-9A-HJ-NP-Za-km-z]{26,33})$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  SOL: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
  XRP: /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/,
  DOGE: /^[DA9][1-9A-HJ-NP-Za-km-z]{25,34}$/,
  ADA: /^(addr1[02-9ac-hj-np-z]{50,110}|[1-9A-HJ-NP-Za-km-z]{50,120})$/,
};

/** Whether `address` has the shape of an address on `chain` (an unknown chain: at least 10 characters). */
export function addressFitsChain(chain: string, address: string): boolean {
  const shape = ADDRESS_SHAPES[chain];
  return shape ? shape.test(address) : address.length >= 10;
}
