-- 002: spot orders and the matching engine.

-- System accounts (market maker, fee collector) are users that cannot log in (password_hash '!').
ALTER TABLE users ADD COLUMN is_system INTEGER NOT NULL DEFAULT 0;

CREATE TABLE spot_orders (
  id                INTEGER PRIMARY KEY,           -- also the time priority inside a price level
  user_id           INTEGER NOT NULL REFERENCES users(id),
  match_id          INTEGER NOT NULL REFERENCES currency_matches(id),
  way               INTEGER NOT NULL CHECK (way IN (1, 2)), -- 1 buy, 2 sell
  type              TEXT NOT NULL CHECK (type IN ('limit', 'market')),
  price             TEXT NOT NULL,                 -- limit price; for a market order the average fill price ('0' if none)
  number            TEXT NOT NULL,                 -- base quantity ordered
  transacted_amount TEXT NOT NULL DEFAULT '0',     -- base filled
  transacted_volume TEXT NOT NULL DEFAULT '0',     -- quote filled
  fee               TEXT NOT NULL DEFAULT '0',     -- buy: in base; sell: in quote
  locked            TEXT NOT NULL DEFAULT '0',     -- funds still locked for the order (buy: quote, sell: base)
  status            INTEGER NOT NULL DEFAULT 0,    -- 0 open (or partially filled), 1 completed, 2 cancelled, 3 revoked
  created_at        INTEGER NOT NULL,
  updated_at        INTEGER NOT NULL
);
CREATE INDEX spot_orders_open ON spot_orders(match_id, id) WHERE status = 0;
CREATE INDEX spot_orders_by_user ON spot_orders(user_id, match_id, status, id DESC);

-- One performance per (user, key): a repeated add answers with the first result.
CREATE TABLE idempotency_keys (
  user_id    INTEGER NOT NULL,
  key        TEXT NOT NULL,
  order_id   INTEGER NOT NULL,
  answer     TEXT NOT NULL,                     -- the first answer (JSON of the order)
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
) WITHOUT ROWID;

-- Engine trades know their orders.
ALTER TABLE trades ADD COLUMN buy_order_id INTEGER;
ALTER TABLE trades ADD COLUMN sell_order_id INTEGER;
