import { canonicalChannel, isPrivateChannel, WS_SYMBOL_CHANNELS } from "~/contract/core/channels";

export { canonicalChannel, isPrivateChannel, normalizeSymbol, PRIVATE_CHANNELS, PUBLIC_CHANNELS } from "~/contract/core/channels";

/** Channels that carry a symbol (`MARKET_DEPTH.BTCUSDT`): the contract's list. */
export const SYMBOL_CHANNELS = WS_SYMBOL_CHANNELS;
/** One stream follows at most this many channels; the rest of a longer list is dropped. */
export const MAX_CHANNELS_PER_STREAM = 24;

/** Splits `?channels=a,b,c` into allowed, de-duplicated public and private channel names. */
export function parseChannels(param: string | null): { publicChannels: string[]; privateChannels: string[] } {
  const publicChannels: string[] = [];
  const privateChannels: string[] = [];
  for (const part of (param ?? "").split(",")) {
    const c = canonicalChannel(part.trim());
    if (!c || publicChannels.includes(c) || privateChannels.includes(c)) continue;
    if (publicChannels.length + privateChannels.length >= MAX_CHANNELS_PER_STREAM) break;
    (isPrivateChannel(c) ? privateChannels : publicChannels).push(c);
  }
  return { publicChannels, privateChannels };
}
