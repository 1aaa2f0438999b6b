import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { OutboxClaims } from "~/server/outbox/outbox-claims";

const LEASE = "now() + make_interval(secs => $LEASE::double precision / 1000)";
const lease = (param: number) => LEASE.replace("$LEASE", `$${param}`);

/**
 * The outbox's claims in the outbox_claims table (migration 016-outbox), one statement each
 * (docs/decisions/165-one-outbox-with-claims.md). The database's clock judges every lease and
 * every retry's time, so the instances' clocks need not agree.
 */
export function pgOutboxClaims(pool: pg.Pool): OutboxClaims {
  const owner = randomUUID();
  return {
    async claim(topic, key, leaseMs) {
      const { rowCount } = await pool.query(
        `INSERT INTO outbox_claims (topic, key, claimed_by, claimed_until) VALUES ($1, $2, $3, ${lease(4)})
         ON CONFLICT (topic, key) DO UPDATE SET claimed_by = EXCLUDED.claimed_by, claimed_until = EXCLUDED.claimed_until
           WHERE outbox_claims.claimed_until <> 'infinity' AND outbox_claims.not_before <= now()
             AND (outbox_claims.claimed_until < now() OR outbox_claims.claimed_by = EXCLUDED.claimed_by)
         RETURNING key`,
        [topic, key, owner, leaseMs],
      );
      return rowCount === 1;
    },
    async renew(leaseMs) {
      await pool.query(
        `UPDATE outbox_claims SET claimed_until = ${lease(2)} WHERE claimed_by = $1 AND claimed_until <> 'infinity'`,
        [owner, leaseMs],
      );
    },
    async later(topic, key, delayMs) {
      await pool.query(
        `UPDATE outbox_claims SET not_before = ${lease(4)}
         WHERE topic = $1 AND key = $2 AND claimed_by = $3 AND claimed_until <> 'infinity'`,
        [topic, key, owner, delayMs],
      );
    },
    async finish(topic, key) {
      await pool.query(
        "UPDATE outbox_claims SET claimed_until = 'infinity' WHERE topic = $1 AND key = $2 AND claimed_by = $3",
        [topic, key, owner],
      );
    },
  };
}
