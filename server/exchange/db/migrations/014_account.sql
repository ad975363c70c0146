-- 014: what the account side needed (docs/api.md): pushes to a user's open pages that survive the process that
-- decided them, the smallest deposit a currency accepts, and one source of truth for identity.

-- A push to one user's live pages (ACCOUNT_REVIEW: a deposit, withdrawal or identity was reviewed). Whoever decides
-- writes the row in the decision's own transaction — the running exchange, or the operator CLI in another process —
-- and the running exchange relays new rows to that user's /ws connections (server/exchange/pushes.ts), then drops
-- them after a while: a page that was closed reloads the truth anyway.
CREATE TABLE user_pushes (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  channel    TEXT NOT NULL,
  payload    TEXT NOT NULL,   -- JSON: the push's fields and the message key (with its values) to say it in
  created_at INTEGER NOT NULL
);

-- The smallest amount a deposit declaration may state ('0': no minimum). The seeded currencies take a tenth of their
-- withdrawal minimum, as a new database's seed does.
ALTER TABLE currencies ADD COLUMN recharge_min TEXT NOT NULL DEFAULT '0';
UPDATE currencies SET recharge_min = '1' WHERE code = 'USDT' AND draw_min = '10';
UPDATE currencies SET recharge_min = '0.0001' WHERE code = 'BTC' AND draw_min = '0.001';
UPDATE currencies SET recharge_min = '0.001' WHERE code = 'ETH' AND draw_min = '0.01';
UPDATE currencies SET recharge_min = '1' WHERE code = 'TRX' AND draw_min = '10';
UPDATE currencies SET recharge_min = '0.01' WHERE code = 'SOL' AND draw_min = '0.1';
UPDATE currencies SET recharge_min = '2' WHERE code = 'XRP' AND draw_min = '20';
UPDATE currencies SET recharge_min = '5' WHERE code = 'DOGE' AND draw_min = '50';
UPDATE currencies SET recharge_min = '0.01' WHERE code = 'LTC' AND draw_min = '0.1';
UPDATE currencies SET recharge_min = '0.005' WHERE code = 'BNB' AND draw_min = '0.05';
UPDATE currencies SET recharge_min = '2' WHERE code = 'ADA' AND draw_min = '20';
UPDATE currencies SET recharge_min = '0.1' WHERE code = 'LINK' AND draw_min = '1';

-- Identity: the review of a submission is the one thing that verifies anyone. Accounts marked verified without a
-- submission (the demo accounts of databases seeded before this) get the approved submission that says so, so the
-- personal centre, the withdrawal limit and the user's info agree.
INSERT INTO identity_submissions (user_id, name, card_id, front_pic, reverse_pic, hand_pic, status, reason, created_at, reviewed_at)
SELECT u.id, '', '', '', '', '', 2, '', u.created_at, u.created_at
FROM users u
WHERE u.review_status = 2
  AND NOT EXISTS (SELECT 1 FROM identity_submissions s WHERE s.user_id = u.id AND s.status = 2);
