-- Rate-limit counts every instance shares (docs/decisions/089-rate-limits-in-postgres.md), in the
-- shape rate-limiter-flexible's RateLimiterPostgres reads and writes: one row per limiter and key,
-- `points` counted in the window that ends at `expire` (milliseconds since the epoch). The key is
-- text rather than the library's varchar(255), so a long username is counted, not refused.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);

-- Who is emailing a contact message's notification (docs/decisions/091-contact-emails-claimed-once.md):
-- an instance sends only while it holds the row's lease, renews it across its own retries, and
-- sets `claimed_until` to infinity once the message is sent or given up, so no other instance
-- restarting with the message still pending sends it again.
CREATE TABLE notification_claims (
  message_id bigint PRIMARY KEY,
  claimed_by text NOT NULL,
  claimed_until timestamptz NOT NULL
);
