-- 006: balanced postings (docs/decisions/009-balanced-postings.md).

-- System accounts outside the users' accounts: 'external' is the world money enters from and leaves to
-- (deposits, seed and operator credits, paid withdrawals). It alone may go below zero; with it, the sum of every
-- account per currency is zero.
CREATE TABLE system_accounts (
  name        TEXT NOT NULL CHECK (name IN ('external')),
  currency_id INTEGER NOT NULL REFERENCES currencies(id),
  balance     TEXT NOT NULL DEFAULT '0',
  PRIMARY KEY (name, currency_id)
) WITHOUT ROWID;

-- Every leg on a system account, written in the same transaction (the account_log of system accounts).
CREATE TABLE system_log (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  currency_id   INTEGER NOT NULL,
  value         TEXT NOT NULL,
  balance_after TEXT NOT NULL,
  type          TEXT NOT NULL,
  memo          TEXT NOT NULL DEFAULT '',
  extra_data    TEXT NOT NULL DEFAULT '{}',
  created_at    INTEGER NOT NULL
);

-- One idempotency table for every call that moves money or places an order: one performance per
-- (user, call, key). Spot orders (the former idempotency_keys) use the call 'spot_order'.
CREATE TABLE idempotency (
  user_id    INTEGER NOT NULL,
  call       TEXT NOT NULL,
  key        TEXT NOT NULL,
  answer     TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, call, key)
) WITHOUT ROWID;

INSERT INTO idempotency (user_id, call, key, answer, created_at)
  SELECT user_id, 'spot_order', key, answer, created_at FROM idempotency_keys;
INSERT INTO idempotency (user_id, call, key, answer, created_at)
  SELECT user_id, call, key, answer, created_at FROM money_idempotency;

DROP TABLE idempotency_keys;
DROP TABLE money_idempotency;
