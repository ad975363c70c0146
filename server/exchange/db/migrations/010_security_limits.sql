-- Attempt limits on every check of a second factor or a code (the authenticator, emailed and texted codes, the
-- trade password), counted per check and subject ('user:<id>', 'address:<email or phone>', 'ip:<client address>').
-- A wrong try is a row; a right one removes the row it was counted under (a try is counted before it is checked, so
-- parallel tries cannot slip past the limit). Five rows of a subject in the window lock that check for it.
CREATE TABLE check_failures (
  id         INTEGER PRIMARY KEY,
  check_name TEXT NOT NULL,
  subject    TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX check_failures_by_subject ON check_failures (check_name, subject, created_at);

CREATE TABLE check_locks (
  check_name   TEXT NOT NULL,
  subject      TEXT NOT NULL,
  locked_until INTEGER NOT NULL,
  PRIMARY KEY (check_name, subject)
) WITHOUT ROWID;

-- The trade password had a lock of its own on the users row: a lock in force carries over, and the columns go.
INSERT INTO check_locks (check_name, subject, locked_until)
  SELECT 'pay_password', 'user:' || id, pay_password_locked_until FROM users WHERE pay_password_locked_until IS NOT NULL;
ALTER TABLE users DROP COLUMN pay_password_fails;
ALTER TABLE users DROP COLUMN pay_password_locked_until;

-- Code sending limits: who a code was for and who asked for it.
ALTER TABLE verification_codes ADD COLUMN user_id INTEGER;
ALTER TABLE verification_codes ADD COLUMN client_ip TEXT;
CREATE INDEX codes_by_user ON verification_codes (user_id, created_at) WHERE user_id IS NOT NULL;
CREATE INDEX codes_by_client ON verification_codes (client_ip, created_at) WHERE client_ip IS NOT NULL;

-- The language a user last signed in with: notices sent outside a request (a lock, a fiat order) are written in it.
ALTER TABLE users ADD COLUMN lang TEXT;

-- Fiat P2P: when the seller was last reminded of the confirmation deadline (NULL: a reminder is still to go).
ALTER TABLE p2p_orders ADD COLUMN confirm_reminded_at INTEGER;
