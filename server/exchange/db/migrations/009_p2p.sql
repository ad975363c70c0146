-- 009: fiat peer-to-peer (docs/api.md "Fiat P2P", docs/decisions/014-fiat-p2p.md): merchant ads, orders with their
-- escrow, payment vouchers, the chat of each order, appeals and the timers.

-- A merchant's ad. A `sell` ad holds its unsold coins (`remaining`) in the merchant's legal account's locked column;
-- a `buy` ad holds nothing (the users who sell lock their coins when they order).
CREATE TABLE p2p_ads (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users(id),
  side         TEXT NOT NULL CHECK (side IN ('sell', 'buy')),
  currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  fiat         TEXT NOT NULL,
  price        TEXT NOT NULL,            -- fiat per coin
  total        TEXT NOT NULL,            -- quantity published
  remaining    TEXT NOT NULL,            -- quantity still on offer
  min_quantity TEXT NOT NULL,            -- per order
  max_quantity TEXT NOT NULL,
  pay_types    TEXT NOT NULL,            -- pay method codes, comma separated
  status       INTEGER NOT NULL CHECK (status IN (1, 2, 3)), -- 1 open, 2 paused, 3 off shelf
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
);
CREATE INDEX p2p_ads_list ON p2p_ads (currency_id, side, status, price);
CREATE INDEX p2p_ads_user ON p2p_ads (user_id, id DESC);

CREATE TABLE p2p_orders (
  id              INTEGER PRIMARY KEY,
  ad_id           INTEGER NOT NULL REFERENCES p2p_ads(id),
  merchant_id     INTEGER NOT NULL REFERENCES users(id),
  buyer_id        INTEGER NOT NULL REFERENCES users(id),
  seller_id       INTEGER NOT NULL REFERENCES users(id),
  currency_id     INTEGER NOT NULL REFERENCES currencies(id),
  fiat            TEXT NOT NULL,
  price           TEXT NOT NULL,
  quantity        TEXT NOT NULL,
  amount          TEXT NOT NULL,         -- fiat total, to the cent
  status          INTEGER NOT NULL CHECK (status BETWEEN 1 AND 7),
  pay_type        TEXT,                  -- the method the buyer paid with
  voucher         TEXT,                  -- an upload of the buyer's (uploads.name)
  created_at      INTEGER NOT NULL,
  pay_due_at      INTEGER,               -- auto-cancel while pending payment
  paid_at         INTEGER,
  confirm_due_at  INTEGER,               -- auto-release while paid or delayed
  delayed         INTEGER NOT NULL DEFAULT 0,
  finished_at     INTEGER,
  cancel_by       TEXT CHECK (cancel_by IN ('buyer', 'timeout', 'operator')),
  complete_by     TEXT CHECK (complete_by IN ('seller', 'timeout', 'operator')),
  abnormal_by     INTEGER,
  abnormal_reason TEXT,
  appeal_by       INTEGER,
  appeal_reason   TEXT,
  appeal_from     INTEGER,               -- the state the appeal came from
  appeal_at       INTEGER,
  resolution      TEXT CHECK (resolution IN ('buyer', 'seller')),
  resolution_note TEXT
);
CREATE INDEX p2p_orders_buyer ON p2p_orders (buyer_id, id DESC);
CREATE INDEX p2p_orders_seller ON p2p_orders (seller_id, id DESC);
CREATE INDEX p2p_orders_merchant ON p2p_orders (merchant_id, id DESC);
CREATE INDEX p2p_orders_ad ON p2p_orders (ad_id, status);
CREATE INDEX p2p_orders_pay_due ON p2p_orders (pay_due_at) WHERE status = 1;
CREATE INDEX p2p_orders_confirm_due ON p2p_orders (confirm_due_at) WHERE status IN (2, 5);
CREATE INDEX p2p_orders_cancels ON p2p_orders (buyer_id, finished_at) WHERE status = 4 AND cancel_by IN ('buyer', 'timeout');

-- The chat of an order (kept with it for appeals). user_id NULL: a line of the system or the operator.
CREATE TABLE p2p_messages (
  id         INTEGER PRIMARY KEY,
  order_id   INTEGER NOT NULL REFERENCES p2p_orders(id),
  user_id    INTEGER REFERENCES users(id),
  body       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX p2p_messages_order ON p2p_messages (order_id, id);

-- Operator-set limits (minutes); absent: the defaults of app/contract/core/p2p.ts.
INSERT INTO settings (key, value) VALUES ('p2p_pay_minutes', '15'), ('p2p_confirm_minutes', '30');
