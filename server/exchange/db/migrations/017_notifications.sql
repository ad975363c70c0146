-- 017: telling traders what happened (docs/product.md, "Notifications"): the notification centre, the email choices,
-- price alerts, the devices an account has signed in from, and the daily value of each account's assets.

-- One thing that happened to an account: its kind and the values to say it with (JSON), rendered in the reader's
-- language when read. Kept 90 days (the scheduler's retention job deletes older rows).
CREATE TABLE notifications (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  kind       TEXT NOT NULL,
  params     TEXT NOT NULL DEFAULT '{}',
  read_at    INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX notifications_by_user ON notifications(user_id, id DESC);
CREATE INDEX notifications_unread ON notifications(user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_by_time ON notifications(created_at);

-- An account's email choice per category; no row: the category's default.
CREATE TABLE notification_settings (
  user_id  INTEGER NOT NULL REFERENCES users(id),
  category TEXT NOT NULL,
  email    INTEGER NOT NULL CHECK (email IN (0, 1)),
  PRIMARY KEY (user_id, category)
);

-- A price alert: told once, on the first trade of the pair at or beyond `price` after it was set.
CREATE TABLE price_alerts (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id),
  match_id    INTEGER NOT NULL REFERENCES currency_matches(id),
  direction   TEXT NOT NULL CHECK (direction IN ('above', 'below')),
  price       TEXT NOT NULL,
  email       INTEGER NOT NULL DEFAULT 0 CHECK (email IN (0, 1)),
  status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'fired')),
  created_at  INTEGER NOT NULL,
  fired_at    INTEGER,
  fired_price TEXT
);
CREATE INDEX price_alerts_active ON price_alerts(match_id) WHERE status = 'active';
CREATE INDEX price_alerts_by_user ON price_alerts(user_id, status, id DESC);

-- The browsers and devices an account has signed in from (a key of the browser's name, the system's name and the
-- device's model: versions left out, so an update is not a new device). A sign-in from a key not listed is a new
-- device; an account's first sign-in only lists its key.
CREATE TABLE known_devices (
  user_id       INTEGER NOT NULL REFERENCES users(id),
  device_key    TEXT NOT NULL,
  first_seen_at INTEGER NOT NULL,
  last_seen_at  INTEGER NOT NULL,
  PRIMARY KEY (user_id, device_key)
);

-- What all of an account's accounts were worth in USD at the start of a UTC day (the /assets chart).
CREATE TABLE asset_snapshots (
  user_id INTEGER NOT NULL REFERENCES users(id),
  day     INTEGER NOT NULL, -- the UTC day's start, unix ms
  usd     TEXT NOT NULL,
  PRIMARY KEY (user_id, day)
);

-- The last UTC day a daily job did its work (the scheduler's next due time is the day after).
CREATE TABLE daily_jobs (
  name     TEXT PRIMARY KEY,
  last_day INTEGER NOT NULL
);

-- Mail through an SMTP relay, when the operator configures one: its subject, and when it was handed over.
ALTER TABLE outbox ADD COLUMN subject TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN sent_at INTEGER;
ALTER TABLE outbox ADD COLUMN send_error TEXT NOT NULL DEFAULT '';
CREATE INDEX outbox_unsent ON outbox(id) WHERE sent_at IS NULL AND channel = 'email';
