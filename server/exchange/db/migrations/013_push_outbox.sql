-- 013: pushes made by another process (the operator CLI deciding an appeal, say) for the running exchange to send on
-- /ws: the CLI writes a row, the server's relay sends it to the user's connections within a second and deletes it.
CREATE TABLE push_outbox (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL,
  channel    TEXT NOT NULL,
  payload    TEXT NOT NULL,              -- JSON, made in the default language
  created_at INTEGER NOT NULL
);
