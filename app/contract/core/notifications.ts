// The notification centre's plain values, for the browser as much as the server. No imports.

/**
 * Categories of notifications. Each is switchable for email in the personal centre; what is not emailed is still in
 * /notifications. `email` is the default for an account that never changed it.
 */
export const NOTIFY_CATEGORIES = ["funds", "trading", "p2p", "account", "security"] as const;
export type NotifyCategory = (typeof NOTIFY_CATEGORIES)[number];
export const NOTIFY_EMAIL_DEFAULT: Record<NotifyCategory, boolean> = {
  funds: true,
  trading: true,
  p2p: true,
  account: true,
  security: true,
};

/**
 * Every kind of notification: its category, and whether it is important enough to be emailed (when its category's
 * email is on). A fill, a stop, a take-profit or a second-contract result is told on the site only; a liquidation, a
 * deposit or withdrawal decision, every P2P step, an identity decision, an answer and every security change are
 * emailed too. A price alert is emailed when its owner asked for it on the alert (`alert` below), whatever the
 * categories say.
 */
export const NOTIFY_KINDS = {
  deposit_approved: { category: "funds", email: true },
  deposit_rejected: { category: "funds", email: true },
  withdrawal_approved: { category: "funds", email: true },
  withdrawal_rejected: { category: "funds", email: true },
  spot_filled: { category: "trading", email: false },
  spot_partly_filled: { category: "trading", email: false },
  stop_triggered: { category: "trading", email: false },
  lever_take_profit: { category: "trading", email: false },
  lever_stop_loss: { category: "trading", email: false },
  lever_liquidated: { category: "trading", email: true },
  second_settled: { category: "trading", email: false },
  p2p_new_order: { category: "p2p", email: true },
  p2p_paid: { category: "p2p", email: true },
  p2p_confirm_soon: { category: "p2p", email: true },
  p2p_released: { category: "p2p", email: true },
  p2p_cancelled: { category: "p2p", email: true },
  p2p_appeal_opened: { category: "p2p", email: true },
  p2p_appeal_released: { category: "p2p", email: true },
  p2p_appeal_returned: { category: "p2p", email: true },
  p2p_deadline_cancelled: { category: "p2p", email: true },
  p2p_deadline_released: { category: "p2p", email: true },
  identity_approved: { category: "account", email: true },
  identity_rejected: { category: "account", email: true },
  feedback_answered: { category: "account", email: true },
  new_device: { category: "security", email: true },
  password_changed: { category: "security", email: true },
  pay_password_changed: { category: "security", email: true },
  authenticator_changed: { category: "security", email: true },
  contact_bound: { category: "security", email: true },
  check_locked: { category: "security", email: true },
  price_alert_above: { category: "alert", email: false },
  price_alert_below: { category: "alert", email: false },
} as const satisfies Record<string, { category: NotifyCategory | "alert"; email: boolean }>;
export type NotifyKind = keyof typeof NOTIFY_KINDS;
export const NOTIFY_KIND_NAMES = Object.keys(NOTIFY_KINDS) as NotifyKind[];

export function isNotifyKind(v: string): v is NotifyKind {
  return Object.prototype.hasOwnProperty.call(NOTIFY_KINDS, v);
}

/** Notifications are kept this long, then deleted by the exchange's scheduler. */
export const NOTIFY_RETENTION_DAYS = 90;
/** Rows per page of /notifications. */
export const NOTIFY_PAGE_SIZE = 20;
/** Active price alerts one account may have at once. */
export const PRICE_ALERTS_MAX = 20;
export const PRICE_ALERT_DIRECTIONS = ["above", "below"] as const;
export type PriceAlertDirection = (typeof PRICE_ALERT_DIRECTIONS)[number];
/** Days of the value chart on /assets (one daily snapshot each). */
export const ASSET_HISTORY_DAYS = 30;
/** 'Hide small balances' hides what is worth less than this in USD. */
export const SMALL_BALANCE_USD = "1";

/**
 * Where a notification leads on the site (a path of the app), from its kind and parameters; null when nowhere
 * better than /notifications itself.
 */
export function notificationLink(kind: string, params: Record<string, string>): string | null {
  switch (kind) {
    case "deposit_approved":
    case "deposit_rejected":
      return "/assets/deposit";
    case "withdrawal_approved":
    case "withdrawal_rejected":
      return "/assets/withdraw";
    case "spot_filled":
    case "spot_partly_filled":
    case "stop_triggered":
      return params.symbol ? `/trade?symbol=${encodeURIComponent(params.symbol)}` : "/trade";
    case "lever_take_profit":
    case "lever_stop_loss":
    case "lever_liquidated":
      return "/lever";
    case "second_settled":
      return "/second";
    case "identity_approved":
    case "identity_rejected":
      return "/personal/authentication";
    case "feedback_answered":
      return "/personal/feedback";
    case "new_device":
      return "/personal/sessions";
    case "password_changed":
    case "pay_password_changed":
    case "authenticator_changed":
    case "contact_bound":
    case "check_locked":
      return "/personal/accountSettings";
    case "price_alert_above":
    case "price_alert_below":
      return params.symbol ? `/trade?symbol=${encodeURIComponent(params.symbol)}` : "/markets";
    default:
      if (kind.startsWith("p2p_") && params.order_id) {
        // The merchant's side of an order opens in the shop; everyone else's on the fiat order page.
        return params.role === "merchant"
          ? `/myshop/shoporderdetail?id=${encodeURIComponent(params.order_id)}`
          : `/legalIndex/orderdetail?id=${encodeURIComponent(params.order_id)}`;
      }
      return null;
  }
}
