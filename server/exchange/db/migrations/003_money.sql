-- 003: accounts and money movement: trade password lockout, deposit addresses, deposits and withdrawals
-- under review, transfers, the withdrawal address book, savings (lock products, holdings, daily accruals),
-- flash convert, and idempotency of every money-moving call.

-- Trade password: wrong tries in a row and the lockout they cause.
ALTER TABLE users ADD COLUMN pay_password_fails INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN pay_password_locked_until INTEGER;

-- One deposit address per user, currency and chain (derived deterministically, stored once).
CREATE TABLE deposit_addresses (
  user_id     INTEGER NOT NULL REFERENCES users(id),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  protocol_id INTEGER NOT NULL REFERENCES currency_protocols(id),
  address     TEXT NOT NULL,
  memo        TEXT NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  PRIMARY KEY (user_id, currency_id, protocol_id)
) WITHOUT ROWID;

-- Deposits declared by the user (amount and own wallet address), credited when an operator approves.
CREATE TABLE deposits (
  id             INTEGER PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users(id),
  currency_id    INTEGER NOT NULL REFERENCES currencies(id),
  protocol_id    INTEGER REFERENCES currency_protocols(id),
  amount         TEXT NOT NULL,
  in_address     TEXT NOT NULL DEFAULT '',
  wallet_address TEXT NOT NULL,
  status         TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at     INTEGER NOT NULL,
  reviewed_at    INTEGER
);
CREATE INDEX deposits_by_status ON deposits(status, id);
CREATE INDEX deposits_by_user ON deposits(user_id, id DESC);

-- Withdrawals: the amount is locked at request; approval pays out (fee to the fee collector), rejection unlocks.
CREATE TABLE withdrawals (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  protocol_id INTEGER NOT NULL REFERENCES currency_protocols(id),
  address     TEXT NOT NULL,
  memo        TEXT NOT NULL DEFAULT '',
  amount      TEXT NOT NULL,  -- locked and debited
  fee         TEXT NOT NULL,  -- to the fee collector
  received    TEXT NOT NULL,  -- paid out (amount - fee)
  rate        TEXT NOT NULL,  -- draw_rate at request time
  status      TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at  INTEGER NOT NULL,
  reviewed_at INTEGER
);
CREATE INDEX withdrawals_by_status ON withdrawals(status, id);
CREATE INDEX withdrawals_by_user ON withdrawals(user_id, id DESC);

CREATE TABLE transfers (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  from_code   TEXT NOT NULL,
  to_code     TEXT NOT NULL,
  amount      TEXT NOT NULL,
  created_at  INTEGER NOT NULL
);
CREATE INDEX transfers_by_user ON transfers(user_id, currency_id, id DESC);

-- The withdrawal address book (written by the address service).
CREATE TABLE withdrawal_addresses (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  protocol_id INTEGER NOT NULL REFERENCES currency_protocols(id),
  address     TEXT NOT NULL,
  memo        TEXT NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  UNIQUE (user_id, currency_id, protocol_id, address, memo)
);

-- Savings: fixed-term lock products.
CREATE TABLE lock_products (
  id          INTEGER PRIMARY KEY,
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  limit_days  INTEGER NOT NULL CHECK (limit_days > 0),
  annual_rate TEXT NOT NULL,           -- decimal fraction per year ('0.068' = 6.8 %)
  limit_number TEXT NOT NULL,          -- the standard (and minimum) amount of one purchase
  max_number  TEXT NOT NULL,           -- the largest amount of one purchase
  open        INTEGER NOT NULL DEFAULT 1,
  sort        INTEGER NOT NULL DEFAULT 0
);

-- A user's holding of a product. The principal sits locked in financial_account until it returns.
-- Accrual k (1..limit_days) is due at value_date + k days; next_accrual_at is the stored due time of the
-- next one, so the scheduler survives restarts and catches up missed days.
CREATE TABLE savings_holdings (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users(id),
  product_id      INTEGER NOT NULL REFERENCES lock_products(id),
  currency_id     INTEGER NOT NULL REFERENCES currencies(id),
  principal       TEXT NOT NULL,
  annual_rate     TEXT NOT NULL,
  daily_interest  TEXT NOT NULL,
  limit_days      INTEGER NOT NULL,
  days_accrued    INTEGER NOT NULL DEFAULT 0,
  interest_total  TEXT NOT NULL DEFAULT '0',
  created_at      INTEGER NOT NULL,
  value_date      INTEGER NOT NULL,     -- 00:00 UTC after the purchase: interest starts here
  end_at          INTEGER NOT NULL,     -- value_date + limit_days days: the principal returns
  next_accrual_at INTEGER,              -- NULL once expired
  status          TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'expired'))
);
CREATE INDEX savings_due ON savings_holdings(next_accrual_at) WHERE status = 'active';
CREATE INDEX savings_by_user ON savings_holdings(user_id, id DESC);

-- Exactly once per day per holding: a day is paid only if its row can be inserted (same transaction).
CREATE TABLE savings_accruals (
  holding_id INTEGER NOT NULL REFERENCES savings_holdings(id),
  day        INTEGER NOT NULL,          -- 1..limit_days
  amount     TEXT NOT NULL,
  paid_at    INTEGER NOT NULL,          -- clock time of the run that paid it
  PRIMARY KEY (holding_id, day)
) WITHOUT ROWID;

-- Flash convert: quotes are stored (single use, 10 s) and executions kept for the history.
CREATE TABLE convert_quotes (
  id               TEXT PRIMARY KEY,
  user_id          INTEGER NOT NULL REFERENCES users(id),
  from_currency_id INTEGER NOT NULL REFERENCES currencies(id),
  to_currency_id   INTEGER NOT NULL REFERENCES currencies(id),
  amount           TEXT NOT NULL,
  mid_rate         TEXT NOT NULL,
  rate             TEXT NOT NULL,
  receive          TEXT NOT NULL,
  spread           TEXT NOT NULL,
  created_at       INTEGER NOT NULL,
  expires_at       INTEGER NOT NULL,
  used_at          INTEGER
) WITHOUT ROWID;
CREATE INDEX convert_quotes_by_time ON convert_quotes(created_at);

CREATE TABLE converts (
  id               INTEGER PRIMARY KEY,
  user_id          INTEGER NOT NULL REFERENCES users(id),
  quote_id         TEXT NOT NULL UNIQUE,
  from_currency_id INTEGER NOT NULL,
  to_currency_id   INTEGER NOT NULL,
  amount           TEXT NOT NULL,
  rate             TEXT NOT NULL,
  receive          TEXT NOT NULL,
  spread           TEXT NOT NULL,
  created_at       INTEGER NOT NULL
);
CREATE INDEX converts_by_user ON converts(user_id, id DESC);

-- One performance per (user, call, key) for the money-moving calls; a repeat answers the first result.
CREATE TABLE money_idempotency (
  user_id    INTEGER NOT NULL,
  call       TEXT NOT NULL,
  key        TEXT NOT NULL,
  answer     TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, call, key)
) WITHOUT ROWID;
