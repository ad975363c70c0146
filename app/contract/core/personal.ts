// The personal centre's plain values, for the browser as much as the server. No imports.

/** Pay method types (docs/product.md, "/personal/collectionSettings"): the code names the fields its raw_data carries. */
export const PAY_METHOD_CODES = ["alipay", "wxpay", "bank"] as const;
export type PayMethodCode = (typeof PAY_METHOD_CODES)[number];

/** Identity: 0 not verified (the form), 1 under review, 2 verified; 3 rejected with a reason (form again; docs/product.md, "Identity"). */
export const REVIEW_STATUS = { NONE: 0, PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;

/** Feedback: its types, and the shortest content accepted (docs/product.md, "/personal/feedback"). */
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_TYPES = ["account", "trade", "deposit_withdraw", "suggestion", "other"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** Email binding: the email at most 20 characters, the code at most 16 (docs/product.md, "/bindAccount"). */
export const BIND_EMAIL_MAX = 20;
export const BIND_CODE_MAX = 16;
