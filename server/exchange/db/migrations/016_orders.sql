-- 016: orders as traders know them (docs/decisions/022-stop-and-oco-orders.md): stop-limit and OCO orders, and each
-- order's fills.

-- A stop-limit order is a limit order that waits for a trigger: its row is written at placement with status 4
-- (untriggered) and its funds held (a 'spot_order' hold), and it goes on the book, as the same row, when the last
-- trade reaches `trigger_price`. `type` stays 'limit' (the answer calls it 'stop_limit').
ALTER TABLE spot_orders ADD COLUMN trigger_price TEXT;      -- the price that places it; NULL for an order without one
ALTER TABLE spot_orders ADD COLUMN triggered_at INTEGER;    -- when it was placed on the book; NULL while it waits
-- An OCO is two rows of the same side and quantity, a limit order and a stop-limit order, that share one hold: the
-- hold whose ref_id is the OCO's id, which is its limit order's id. Both rows carry it.
ALTER TABLE spot_orders ADD COLUMN oco_id INTEGER;

-- An order's place in the queue of its price level, from a counter of orders going on the book: a limit order takes
-- it when it rests, a stop when it triggers (so a stop placed long ago queues behind orders placed before it fired).
-- NULL for an order that never rested, and for the rows before this migration, whose place is their id.
ALTER TABLE spot_orders ADD COLUMN queued INTEGER;

-- Untriggered stops are loaded at start like open orders.
CREATE INDEX spot_orders_waiting ON spot_orders(match_id, id) WHERE status = 4;
-- All of a user's orders across pairs, newest first (/orders and its CSV).
CREATE INDEX spot_orders_mine ON spot_orders(user_id, id);

-- One row per fill per side: the order it filled, the trade, the price and quantity, the fee the order's owner paid
-- on it (a buy in base, a sell in quote, as booked) and whether the order was the maker or the taker. The market
-- maker's fills are not recorded (its orders are working notes, pruned hourly).
CREATE TABLE spot_fills (
  id        INTEGER PRIMARY KEY,
  user_id   INTEGER NOT NULL,
  order_id  INTEGER NOT NULL,
  trade_id  INTEGER NOT NULL,
  match_id  INTEGER NOT NULL,
  way       INTEGER NOT NULL CHECK (way IN (1, 2)),     -- the order's side: 1 buy, 2 sell
  role      TEXT NOT NULL CHECK (role IN ('maker', 'taker')),
  price     TEXT NOT NULL,
  number    TEXT NOT NULL,
  fee       TEXT,                                        -- NULL for fills made before this migration (not recorded then)
  time      INTEGER NOT NULL
);
CREATE INDEX spot_fills_by_user ON spot_fills(user_id, id);

-- The fills of users' orders made before this migration, from the trades that name their orders. A trade's side is
-- the taker's (2 buy, 1 sell), so the buyer was the taker of a trade of way 2. The fee of each fill was not recorded.
INSERT INTO spot_fills (user_id, order_id, trade_id, match_id, way, role, price, number, fee, time)
SELECT o.user_id, o.id, t.id, t.match_id, 1, CASE t.way WHEN 2 THEN 'taker' ELSE 'maker' END, t.price, t.number, NULL, t.time
FROM trades t JOIN spot_orders o ON o.id = t.buy_order_id JOIN users u ON u.id = o.user_id AND u.is_system = 0
UNION ALL
SELECT o.user_id, o.id, t.id, t.match_id, 2, CASE t.way WHEN 1 THEN 'taker' ELSE 'maker' END, t.price, t.number, NULL, t.time
FROM trades t JOIN spot_orders o ON o.id = t.sell_order_id JOIN users u ON u.id = o.user_id AND u.is_system = 0
ORDER BY 3, 5;
