-- 018: a limit order's time in force, kept so that the trader's lists say it (docs/product.md, "Spot orders"): 'ioc'
-- (immediate or cancel), 'fok' (fill or kill) or 'post_only'. NULL is good till cancelled: every other order, and every
-- order before this migration. Only placing an order reads it; a resting post-only order is then a limit order like
-- any other.
ALTER TABLE spot_orders ADD COLUMN time_in_force TEXT;
