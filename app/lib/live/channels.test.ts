import { describe, expect, it } from "vitest";
import { canonicalChannel, MAX_CHANNELS_PER_STREAM, parseChannels } from "./channels";

describe("channels", () => {
  it("drops channel names outside the allow-list (so none reaches an event name)", () => {
    expect(canonicalChannel("DAY_MARKET\n\nevent: x")).toBeNull();
    expect(canonicalChannel("KLINE.BTC\r\nevent: x")).toBeNull();
    expect(canonicalChannel("KLINE.BTC/USDT\n")).toBeNull();
    expect(canonicalChannel("NOPE")).toBeNull();
    expect(canonicalChannel("kline.btcusdt")).toBeNull();
    expect(canonicalChannel("KLINE.btc/usdt")).toBe("KLINE.BTCUSDT");
    expect(canonicalChannel("MARKET_DEPTH.BTCUSDT")).toBe("MARKET_DEPTH.BTCUSDT");
    expect(parseChannels("DAY_MARKET,DAY_MARKET\n\nevent: x,GLOBAL_TX.eth/usdt,TX_MATCHED,KLINE.BTC%0A")).toEqual({
      publicChannels: ["DAY_MARKET", "GLOBAL_TX.ETHUSDT"],
      privateChannels: ["TX_MATCHED"],
    });
  });

  it("keeps at most MAX_CHANNELS_PER_STREAM channels of a long list", () => {
    const many = Array.from({ length: 40 }, (_, i) => `KLINE.PAIR${i}`).join(",");
    expect(parseChannels(many).publicChannels).toHaveLength(MAX_CHANNELS_PER_STREAM);
  });
});
