// The personal centre's plain values, for the browser as much as the server. No imports.

/** Pay method types (SPEC §3): the code names the fields its raw_data carries. */
export const PAY_METHOD_CODES = ["alipay", "wxpay", "bank"] as const;
export type PayMethodCode = (typeof PAY_METHOD_CODES)[number];

/** Identity (SPEC §4): 0 not verified (the form), 1 under review, 2 verified; 3 rejected with a reason (form again). */
export const REVIEW_STATUS = { NONE: 0, PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;

/** SPEC §3 feedback: its types, and the shortest content accepted. */
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_TYPES = ["account", "trade", "deposit_withdraw", "suggestion", "other"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** SPEC §5 email binding: the email at most 20 characters, the code at most 16. */
export const BIND_EMAIL_MAX = 20;
export const BIND_CODE_MAX = 16;
