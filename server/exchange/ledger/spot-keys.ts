// The spot orders' keys live in the one idempotency table (migration 006); the engine prepares these once.

/** The call under which the matching engine keeps the key of an order (its answer is the order row). */
export const SPOT_ORDER_CALL = "spot_order";
/** Prepared by the engine once: the stored order of (user, key). */
export const FIND_SPOT_ORDER_KEY = `SELECT answer FROM idempotency WHERE user_id = ? AND call = '${SPOT_ORDER_CALL}' AND key = ?`;
export const INSERT_SPOT_ORDER_KEY = `INSERT INTO idempotency (user_id, call, key, answer, created_at) VALUES (?, '${SPOT_ORDER_CALL}', ?, ?, ?)`;
