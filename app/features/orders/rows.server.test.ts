import type { TFunction } from "i18next";
import type { SpotOrder } from "~/contract/entities";
import { orderRows } from "./rows.server";

const t = ((key: string) => key) as unknown as TFunction;
const order = (over: Partial<SpotOrder>): SpotOrder => ({
  id: 1,
  number: "30",
  transacted_amount: "10",
  transacted_volume: "4.505",
  price: "0.4505",
  avg_price: "0.4505",
  way: 1,
  way_name: "buy",
  status: 3,
  status_name: "revoked",
  created_at: 0,
  updated_at: 0,
  currency_match: { id: 8, symbol: "ADA/USDT" },
  fee: "0.01",
  fee_currency: "ADA",
  type: "limit",
  ...over,
});

describe("orderRows", () => {
  it("tags a limit order's time in force other than good till cancelled, short with its whole name as the title", () => {
    const [ioc, postOnly, gtc, older] = orderRows(
      [order({ time_in_force: "ioc" }), order({ time_in_force: "post_only" }), order({ time_in_force: "gtc" }), order({})],
      { 8: 4 },
      "en",
      t,
    );
    expect(ioc).toMatchObject({ type: "form.limit", tif: { tag: "form.tifShort.ioc", title: "form.tif.ioc" }, filled: "10", amount: "30" });
    expect(postOnly!.tif).toEqual({ tag: "form.tifShort.post_only", title: "form.tif.post_only" });
    // Good till cancelled, or an answer from an exchange that does not say: no tag.
    expect(gtc!.tif).toBeNull();
    expect(older!.tif).toBeNull();
  });
});
