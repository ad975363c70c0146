import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExchange, type Exchange } from "../../../server/exchange/index";
import { clearPublicCache } from "~/lib/api.server";
import { pairById } from "./pairs.server";

describe("pairById against the real exchange", () => {
  let exchange: Exchange;
  let calls = 0;
  beforeAll(() => {
    exchange = createExchange({ dataDir: ":memory:", simulator: false, marketMaker: false, savingsScheduler: false, log: () => {} });
  });
  afterAll(async () => {
    await exchange.close();
  });
  const args = () => ({
    request: new Request("http://localhost/trade"),
    context: {
      exchangeFetch: (r: Request) => {
        calls++;
        return exchange.handle(r);
      },
    },
  });

  it("finds a pair with its decimals, and nothing for an unknown id", async () => {
    clearPublicCache();
    const btc = await pairById(args(), 1);
    expect(btc).toMatchObject({ id: 1, symbol: "BTC/USDT" });
    expect(typeof btc?.price_precision).toBe("number");
    expect(await pairById(args(), 999_999)).toBeUndefined();
  });

  it("asks the exchange once while the market list is fresh", async () => {
    clearPublicCache();
    calls = 0;
    await Promise.all([pairById(args(), 1), pairById(args(), 2), pairById(args(), 1)]);
    expect(calls).toBe(1);
  });
});
