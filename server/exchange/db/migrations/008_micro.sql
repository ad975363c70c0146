-- 008: the second contract (timed up/down orders; docs/api.md "Second contract").

CREATE TABLE micro_orders (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users(id),
  match_id      INTEGER NOT NULL REFERENCES currency_matches(id),
  currency_id   INTEGER NOT NULL REFERENCES currencies(id),
  type          INTEGER NOT NULL CHECK (type IN (1, 2)),  -- 1 up, 2 down
  status        INTEGER NOT NULL CHECK (status IN (1, 3)), -- 1 running, 3 closed
  seconds       INTEGER NOT NULL,
  number        TEXT NOT NULL,                            -- the stake
  profit_ratio  TEXT NOT NULL,
  fee           TEXT NOT NULL,
  open_price    TEXT NOT NULL,
  end_price     TEXT,
  result        TEXT CHECK (result IN ('win', 'lose', 'tie')),
  fact_profits  TEXT,
  created_at    INTEGER NOT NULL,
  due_at        INTEGER NOT NULL,
  settled_at    INTEGER
);
CREATE INDEX micro_orders_due ON micro_orders (due_at) WHERE status = 1;
CREATE INDEX micro_orders_user ON micro_orders (user_id, status, id);
