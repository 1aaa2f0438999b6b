-- The first-run setup link's tokens (docs/decisions/045-setup-link-on-every-instance.md), so the
-- link one instance prints works on whichever instance the load balancer picks. Only a token's
-- SHA-256 is kept: the table never holds a working link. Times are milliseconds since the epoch.
CREATE TABLE setup_tokens (
  token_hash text PRIMARY KEY,
  expires_at bigint NOT NULL
);
