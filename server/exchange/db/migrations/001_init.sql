-- 001: the first schema of the embedded exchange.
-- Money and prices are TEXT decimals (decimal.js on the way in and out); times are unix milliseconds.

CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT
);

CREATE TABLE areas (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  global_code TEXT NOT NULL
);

CREATE TABLE news_categories (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

CREATE TABLE news (
  id          INTEGER PRIMARY KEY,
  category_id INTEGER NOT NULL REFERENCES news_categories(id),
  title       TEXT NOT NULL,
  content     TEXT NOT NULL,
  banner      TEXT NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL
);
CREATE INDEX news_by_category ON news(category_id, created_at DESC, id DESC);

CREATE TABLE users (
  id                 INTEGER PRIMARY KEY,
  email              TEXT UNIQUE COLLATE NOCASE,
  mobile             TEXT UNIQUE,
  area_id            INTEGER REFERENCES areas(id),
  password_hash      TEXT NOT NULL,
  pay_password_hash  TEXT,
  invite_code        TEXT NOT NULL UNIQUE,
  inviter_id         INTEGER REFERENCES users(id),
  authorization_code TEXT NOT NULL,
  is_seller          INTEGER NOT NULL DEFAULT 0,
  review_status      INTEGER NOT NULL DEFAULT 0,
  created_at         INTEGER NOT NULL,
  CHECK (email IS NOT NULL OR mobile IS NOT NULL)
);

CREATE TABLE tokens (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  token_hash  TEXT NOT NULL UNIQUE,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
);
CREATE INDEX tokens_by_user ON tokens(user_id);

-- Verification codes: only the sha256 of the code is kept.
CREATE TABLE verification_codes (
  id         INTEGER PRIMARY KEY,
  address    TEXT NOT NULL,
  channel    TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  type       INTEGER NOT NULL,
  code_hash  TEXT NOT NULL,
  attempts   INTEGER NOT NULL DEFAULT 0,
  used_at    INTEGER,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX codes_by_address ON verification_codes(address, type, created_at DESC);

-- What would have been sent by email or SMS in the embedded default.
CREATE TABLE outbox (
  id         INTEGER PRIMARY KEY,
  address    TEXT NOT NULL,
  channel    TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  type       INTEGER NOT NULL,
  code       TEXT NOT NULL,
  body       TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX outbox_by_address ON outbox(address, created_at DESC);

CREATE TABLE currencies (
  id                  INTEGER PRIMARY KEY,
  code                TEXT NOT NULL UNIQUE,
  name                TEXT NOT NULL,
  usd_price           TEXT NOT NULL,
  decimals            INTEGER NOT NULL DEFAULT 8,
  is_quote            INTEGER NOT NULL DEFAULT 0,
  is_stable           INTEGER NOT NULL DEFAULT 0,
  volatility          TEXT NOT NULL DEFAULT '0.04', -- daily sigma of the simulator's walk
  open_recharge       INTEGER NOT NULL DEFAULT 1,
  open_draw           INTEGER NOT NULL DEFAULT 1,
  draw_rate           TEXT NOT NULL DEFAULT '0',
  draw_min            TEXT NOT NULL DEFAULT '0',
  draw_max            TEXT NOT NULL DEFAULT '0',
  is_recharge_account INTEGER NOT NULL DEFAULT 1,
  sort                INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE chain_protocols (
  id   INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE
);

CREATE TABLE currency_protocols (
  id                INTEGER PRIMARY KEY,
  currency_id       INTEGER NOT NULL REFERENCES currencies(id),
  chain_protocol_id INTEGER NOT NULL REFERENCES chain_protocols(id),
  token_address     TEXT NOT NULL DEFAULT '',
  in_address        TEXT NOT NULL DEFAULT '',
  UNIQUE (currency_id, chain_protocol_id)
);

-- Which account kinds a currency can be held in.
CREATE TABLE currency_account_types (
  currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  account_code TEXT NOT NULL,
  PRIMARY KEY (currency_id, account_code)
);

CREATE TABLE currency_matches (
  id                INTEGER PRIMARY KEY,
  base_currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  quote_currency_id INTEGER NOT NULL REFERENCES currencies(id),
  open_change       INTEGER NOT NULL DEFAULT 1,
  open_lever        INTEGER NOT NULL DEFAULT 0,
  open_microtrade   INTEGER NOT NULL DEFAULT 0,
  price_precision   INTEGER NOT NULL DEFAULT 2,
  amount_precision  INTEGER NOT NULL DEFAULT 4,
  lever_point_rate  TEXT NOT NULL DEFAULT '0',
  lever_share_num   TEXT NOT NULL DEFAULT '1',
  lever_fee_rate    TEXT NOT NULL DEFAULT '0',
  day_volume        TEXT NOT NULL DEFAULT '0', -- typical daily volume in base units (simulator)
  sort              INTEGER NOT NULL DEFAULT 0,
  UNIQUE (base_currency_id, quote_currency_id)
);

CREATE TABLE accounts (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users(id),
  currency_id  INTEGER NOT NULL REFERENCES currencies(id),
  account_code TEXT NOT NULL CHECK (account_code IN ('change_account', 'legal_account', 'lever_account', 'micro_account', 'financial_account')),
  balance      TEXT NOT NULL DEFAULT '0',
  lock_balance TEXT NOT NULL DEFAULT '0',
  UNIQUE (user_id, currency_id, account_code)
);

-- Every balance change, written in the same transaction as the change (see lib/ledger.ts).
CREATE TABLE account_log (
  id            INTEGER PRIMARY KEY,
  account_id    INTEGER NOT NULL REFERENCES accounts(id),
  user_id       INTEGER NOT NULL,
  currency_id   INTEGER NOT NULL,
  account_code  TEXT NOT NULL,
  field         TEXT NOT NULL CHECK (field IN ('balance', 'lock_balance')),
  value         TEXT NOT NULL, -- signed change
  balance_after TEXT NOT NULL,
  type          TEXT NOT NULL, -- e.g. seed, admin_credit
  memo          TEXT NOT NULL DEFAULT '',
  extra_data    TEXT NOT NULL DEFAULT '{}',
  created_at    INTEGER NOT NULL
);
CREATE INDEX account_log_by_user ON account_log(user_id, account_code, currency_id, id DESC);

CREATE TABLE trades (
  id       INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES currency_matches(id),
  way      INTEGER NOT NULL, -- 2 buy, 1 sell (taker side)
  price    TEXT NOT NULL,
  number   TEXT NOT NULL,
  time     INTEGER NOT NULL,
  source   TEXT NOT NULL DEFAULT 'sim' -- sim (market simulator) or user
);
CREATE INDEX trades_by_match ON trades(match_id, time DESC, id DESC);

-- Candles of the base periods '1min' and '1day'; other periods are aggregated from them.
CREATE TABLE klines (
  match_id INTEGER NOT NULL,
  period   TEXT NOT NULL,
  time     INTEGER NOT NULL,
  open     TEXT NOT NULL,
  high     TEXT NOT NULL,
  low      TEXT NOT NULL,
  close    TEXT NOT NULL,
  volume   TEXT NOT NULL,
  PRIMARY KEY (match_id, period, time)
) WITHOUT ROWID;
