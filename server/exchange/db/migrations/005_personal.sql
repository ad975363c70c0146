-- 005: the personal centre: sessions with their device, the authenticator, holds after security changes,
-- collection (pay) methods, uploaded images, identity submissions, feedback, the security log and agents.

-- A session (token) remembers where it was made, for the list of signed-in devices.
ALTER TABLE tokens ADD COLUMN ip TEXT NOT NULL DEFAULT '';
ALTER TABLE tokens ADD COLUMN device TEXT NOT NULL DEFAULT '';
ALTER TABLE tokens ADD COLUMN last_seen_at INTEGER;

-- The authenticator (RFC 6238): the bound secret, a secret offered but not yet confirmed, whether sign-in and
-- withdrawals ask for it, and the last time step accepted (a code is good once).
ALTER TABLE users ADD COLUMN google_secret TEXT;
ALTER TABLE users ADD COLUMN google_pending_secret TEXT;
ALTER TABLE users ADD COLUMN google_on INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN google_last_step INTEGER;
-- After a change of login password, trade password, authenticator or bound email/phone, withdrawals wait.
ALTER TABLE users ADD COLUMN withdraw_hold_until INTEGER;

CREATE TABLE pay_method_types (
  id   INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE CHECK (code IN ('alipay', 'wxpay', 'bank')),
  sort INTEGER NOT NULL
);
INSERT INTO pay_method_types (id, code, sort) VALUES (1, 'alipay', 1), (2, 'wxpay', 2), (3, 'bank', 3);

-- One saved method per user and type; raw_data is the JSON object of the type's fields.
CREATE TABLE pay_methods (
  user_id    INTEGER NOT NULL REFERENCES users(id),
  type_id    INTEGER NOT NULL REFERENCES pay_method_types(id),
  raw_data   TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, type_id)
);

-- Images re-encoded on upload, stored under a generated name in DATA_DIR/uploads, served to the owner only.
CREATE TABLE uploads (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  name       TEXT NOT NULL UNIQUE,
  mime       TEXT NOT NULL,
  bytes      INTEGER NOT NULL,
  width      INTEGER NOT NULL,
  height     INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX uploads_by_user ON uploads(user_id);

-- Identity: 1 under review, 2 approved, 3 rejected (with the operator's reason). users.review_status follows the
-- latest submission (0 none, 1 pending, 2 approved; a rejection puts it back to 0).
CREATE TABLE identity_submissions (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  name        TEXT NOT NULL,
  card_id     TEXT NOT NULL,
  front_pic   TEXT NOT NULL,
  reverse_pic TEXT NOT NULL,
  hand_pic    TEXT NOT NULL DEFAULT '',
  status      INTEGER NOT NULL DEFAULT 1 CHECK (status IN (1, 2, 3)),
  reason      TEXT NOT NULL DEFAULT '',
  created_at  INTEGER NOT NULL,
  reviewed_at INTEGER
);
CREATE INDEX identity_by_user ON identity_submissions(user_id, id DESC);
CREATE INDEX identity_pending ON identity_submissions(status, id);

CREATE TABLE feedback (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  type       TEXT NOT NULL,
  title      TEXT NOT NULL,
  content    TEXT NOT NULL,
  status     INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  reply      TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  replied_at INTEGER
);
CREATE INDEX feedback_by_user ON feedback(user_id, id DESC);

-- What happened to the account's security, newest first on the transaction log screen.
CREATE TABLE security_events (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  event      TEXT NOT NULL,
  ip         TEXT NOT NULL DEFAULT '',
  device     TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
CREATE INDEX security_events_by_user ON security_events(user_id, id DESC);

-- Agents, added by the operator only with the user's authorization code.
CREATE TABLE agents (
  user_id  INTEGER PRIMARY KEY REFERENCES users(id),
  added_at INTEGER NOT NULL
);
