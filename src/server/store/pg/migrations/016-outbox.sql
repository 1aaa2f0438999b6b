-- The outbox's claims (docs/decisions/165-one-outbox-with-claims.md): who does which piece of
-- work, until when (a lease its instance renews while it runs; 'infinity' once the work is done),
-- and not before when (a retry's wait). They replace notification_claims, whose rows become the
-- contact-email topic's, so a message already sent is never claimed again.
CREATE TABLE outbox_claims (
  topic text NOT NULL,
  key text NOT NULL,
  claimed_by text NOT NULL,
  claimed_until timestamptz NOT NULL,
  not_before timestamptz NOT NULL DEFAULT '-infinity',
  PRIMARY KEY (topic, key)
);
CREATE INDEX outbox_claims_by_owner ON outbox_claims (claimed_by) WHERE claimed_until <> 'infinity';

INSERT INTO outbox_claims (topic, key, claimed_by, claimed_until)
  SELECT 'contact-email', message_id::text, claimed_by, claimed_until FROM notification_claims;
DROP TABLE notification_claims;
