import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { NotificationClaims } from "~/server/contact/notification-claims";

/**
 * Contact notification claims in the notification_claims table, one statement each
 * (docs/decisions/091-contact-emails-claimed-once.md): a claim is taken when there is none, when
 * its lease has run out, or when this instance holds it already (a renewal); the database's clock
 * judges every lease, so the instances' clocks need not agree.
 */
export function pgNotificationClaims(pool: pg.Pool): NotificationClaims {
  const owner = randomUUID();
  return {
    async claim(messageId, leaseMs) {
      const { rowCount } = await pool.query(
        `INSERT INTO notification_claims (message_id, claimed_by, claimed_until)
           VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
         ON CONFLICT (message_id) DO UPDATE SET claimed_by = EXCLUDED.claimed_by, claimed_until = EXCLUDED.claimed_until
           WHERE notification_claims.claimed_until <> 'infinity'
             AND (notification_claims.claimed_until < now() OR notification_claims.claimed_by = EXCLUDED.claimed_by)
         RETURNING message_id`,
        [messageId, owner, leaseMs],
      );
      return rowCount === 1;
    },
    async finish(messageId) {
      await pool.query(
        "UPDATE notification_claims SET claimed_until = 'infinity' WHERE message_id = $1 AND claimed_by = $2",
        [messageId, owner],
      );
    },
  };
}
