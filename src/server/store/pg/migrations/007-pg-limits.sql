-- Rate-limit counts every instance shares (docs/decisions/089-rate-limits-in-postgres.md), in the
-- shape rate-limiter-flexible's RateLimiterPostgres reads and writes: one row per limiter and key,
-- `points` counted in the window that ends at `expire` (milliseconds since the epoch). The key is
-- text rather than the library's varchar(255), so a long username is counted, not refused.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
