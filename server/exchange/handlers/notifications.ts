import DecimalBase from "decimal.js";
import { NOTIFY_KINDS, NOTIFY_PAGE_SIZE, PRICE_ALERTS_MAX, isNotifyKind, type PriceAlert } from "../../../app/contract/index";
import { fail, ok, type Ctx, type Handlers } from "../context";
import { isLang, DEFAULT_LANG } from "../lib/i18n";
import {
  activeAlertCount,
  alertsOf,
  deletePriceAlert,
  emailChoices,
  findPriceAlert,
  insertPriceAlert,
  markAllRead,
  markRead,
  notificationsPage,
  setEmailChoices,
  unreadCount,
  type PriceAlertRow,
} from "../models/notifications";
import { accountsUsdTotal, assetHistory } from "../money/valuation";
import { parseParams, pushUnreadChanged, renderNotification } from "../notifications";
import { pageOf, pageWindow } from "../money/paging";

const Decimal = DecimalBase.clone({ precision: 60, toExpNeg: -60, toExpPos: 60 });

type NotificationCalls =
  | "notificationList"
  | "notificationRead"
  | "notificationSettings"
  | "notificationSettingsSave"
  | "priceAlertList"
  | "priceAlertAdd"
  | "priceAlertDelete"
  | "assetSummary";

function toAlert(ctx: Ctx, r: PriceAlertRow): PriceAlert {
  return {
    id: r.id,
    currency_match_id: r.match_id,
    symbol: ctx.market.pairs.get(r.match_id)?.symbol ?? "",
    direction: r.direction,
    price: r.price,
    email: r.email === 1,
    status: r.status,
    created_at: r.created_at,
    fired_at: r.fired_at,
    fired_price: r.fired_price,
  };
}

export const notificationHandlers: Pick<Handlers, NotificationCalls> = {
  notificationList(p, ctx) {
    const userId = ctx.userId!;
    const { page, limit, offset } = pageWindow(p, NOTIFY_PAGE_SIZE);
    const { total, rows } = notificationsPage(ctx.db, userId, { unread: p.unread, limit, offset });
    const lang = isLang(ctx.lang) ? ctx.lang : DEFAULT_LANG;
    const data = rows.map((r) => {
      const params = parseParams(r.params);
      return {
        id: r.id,
        kind: r.kind,
        category: isNotifyKind(r.kind) ? NOTIFY_KINDS[r.kind].category : "account",
        text: renderNotification(ctx.t, lang, r.kind, params),
        params,
        read: r.read_at !== null,
        created_at: r.created_at,
      };
    });
    return ok(ctx, { ...pageOf(total, page, limit, data), unread: unreadCount(ctx.db, userId) });
  },

  notificationRead(p, ctx) {
    const userId = ctx.userId!;
    const changed = ctx.db.transaction(() => {
      const n = p.all ? markAllRead(ctx.db, userId, ctx.now) : markRead(ctx.db, userId, p.id!, ctx.now) ? 1 : 0;
      // The badge on my other open pages follows.
      if (n > 0) pushUnreadChanged(ctx.db, userId, ctx.now);
      return n;
    })();
    if (!p.all && changed === 0 && !ctx.db.prepare("SELECT 1 FROM notifications WHERE id = ? AND user_id = ?").get(p.id, userId))
      return fail(ctx, "notification_not_found", undefined, "id");
    return ok(ctx, { unread: unreadCount(ctx.db, userId) });
  },

  notificationSettings(_p, ctx) {
    return ok(ctx, emailChoices(ctx.db, ctx.userId!));
  },

  notificationSettingsSave(p, ctx) {
    setEmailChoices(ctx.db, ctx.userId!, p);
    return ok(ctx, emailChoices(ctx.db, ctx.userId!), "notify_settings_saved");
  },

  priceAlertList(_p, ctx) {
    const userId = ctx.userId!;
    return ok(ctx, {
      data: alertsOf(ctx.db, userId).map((r) => toAlert(ctx, r)),
      active: activeAlertCount(ctx.db, userId),
      max: PRICE_ALERTS_MAX,
    });
  },

  priceAlertAdd(p, ctx) {
    const userId = ctx.userId!;
    const pair = ctx.market.pairs.get(p.currency_match_id);
    if (!pair) return fail(ctx, "pair_not_found", undefined, "currency_match_id");
    const price = new Decimal(p.price);
    if (price.lte(0)) return fail(ctx, "alert_price_invalid", undefined, "price");
    if (price.decimalPlaces() > pair.pricePrecision)
      return fail(ctx, "alert_price_decimals", { count: pair.pricePrecision, decimals: pair.pricePrecision }, "price");
    // An alert the last price has already reached would fire on the next trade whatever happens: refused.
    const last = new Decimal(ctx.market.price(pair.id));
    if (last.gt(0) && (p.direction === "above" ? last.gte(price) : last.lte(price)))
      return fail(ctx, p.direction === "above" ? "alert_already_above" : "alert_already_below", { price: last.toFixed() }, "price");
    const row = ctx.db.transaction(() => {
      if (activeAlertCount(ctx.db, userId) >= PRICE_ALERTS_MAX) return null;
      return insertPriceAlert(
        ctx.db,
        { userId, matchId: pair.id, direction: p.direction, price: price.toFixed(pair.pricePrecision), email: p.email },
        ctx.now,
      );
    })();
    if (!row) return fail(ctx, "alert_limit", { max: PRICE_ALERTS_MAX, count: PRICE_ALERTS_MAX });
    ctx.alerts?.watch(row);
    return ok(ctx, toAlert(ctx, row), "alert_added");
  },

  priceAlertDelete(p, ctx) {
    const row = findPriceAlert(ctx.db, p.id);
    if (!row || row.user_id !== ctx.userId || !deletePriceAlert(ctx.db, ctx.userId!, p.id))
      return fail(ctx, "alert_not_found", undefined, "id");
    ctx.alerts?.unwatch(row.id, row.match_id);
    return ok(ctx, null, "alert_deleted");
  },

  assetSummary(_p, ctx) {
    const userId = ctx.userId!;
    return ok(ctx, { total_usd: accountsUsdTotal(ctx.db, ctx.market, userId), history: assetHistory(ctx.db, userId, ctx.now) });
  },
};
