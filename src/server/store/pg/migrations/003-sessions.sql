-- Server-side sessions (docs/decisions/005-server-side-sessions.md) shared by every instance, so a
-- sign-in on one is known to all and a session ended on one is ended on all
-- (docs/decisions/042-postgres-sessions.md). The data folder keeps them in sessions.json instead.
CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  user_agent text NOT NULL DEFAULT '',
  ip text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
