/** Channels of the live socket (/ws) and of the relay's event stream, and how a symbol is spelled in them. */

/** Channels that carry a symbol suffix: `MARKET_DEPTH.BTC/USDT`. */
export const WS_SYMBOL_CHANNELS = ["MARKET_DEPTH", "GLOBAL_TX", "KLINE"] as const;

/** What the relay passes on to browsers: public channels anyone may follow, private ones of the signed-in user. */
export const PUBLIC_CHANNELS = ["DAY_MARKET"] as const;
export const PRIVATE_CHANNELS = [
  "TX_SUBMIT",
  "TX_MATCHED",
  "LEVER_TRADE",
  "LEVER_CLOSED",
  "MICRO_CLOSED",
  "P2P_ORDER",
  "ACCOUNT_REVIEW",
  "NOTIFY",
] as const;

/** Every channel without a symbol: the public ones and the private ones. */
export const WS_CHANNELS = [...PUBLIC_CHANNELS, ...PRIVATE_CHANNELS] as const;

/** 'btc/usdt', 'BTCUSDT', 'btc_usdt' → 'BTCUSDT': one spelling to compare and key symbols by. */
export function normalizeSymbol(symbol: string): string {
  return symbol.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

const SYMBOL_CHANNEL = /^(MARKET_DEPTH|GLOBAL_TX|KLINE)\.([A-Za-z0-9]{1,16})(?:\/([A-Za-z0-9]{1,16}))?$/;

/**
 * The canonical name of a channel the relay allows (`MARKET_DEPTH.btc/usdt` → `MARKET_DEPTH.BTCUSDT`), or null.
 * Strict allow-list: anything else (other characters, CR/LF, unknown prefixes) is refused.
 */
export function canonicalChannel(raw: string): string | null {
  if ((WS_CHANNELS as readonly string[]).includes(raw)) return raw;
  const m = SYMBOL_CHANNEL.exec(raw);
  if (!m) return null;
  return `${m[1]}.${normalizeSymbol(m[2] + (m[3] ?? ""))}`;
}

export function isPrivateChannel(channel: string): boolean {
  return (PRIVATE_CHANNELS as readonly string[]).includes(channel);
}
