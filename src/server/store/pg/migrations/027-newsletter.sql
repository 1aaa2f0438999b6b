-- The newsletter (docs/decisions/245-newsletter-double-opt-in.md, 246-newsletter-send-ledger.md,
-- 247-newsletter-sends-through-the-outbox.md): readers, each post's send and the send ledger,
-- records of the store like the others (collections/newsletter.ts). A reader's address is unique
-- without case, as db.json's check has it; the ledger holds one entry per post per reader, which
-- the unique index makes the database's rule too. Who sends which post is the outbox's
-- (outbox_claims, topic 'newsletter', keyed by the send's id).
CREATE TABLE subscribers (
  id bigint PRIMARY KEY,
  email text NOT NULL CHECK (email <> ''),
  status text NOT NULL,
  created_at timestamptz NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}'
);
CREATE UNIQUE INDEX subscribers_email_lower ON subscribers (lower(email));

CREATE TABLE newsletter_sends (
  id bigint PRIMARY KEY,
  post_id bigint NOT NULL UNIQUE,
  state text NOT NULL,
  created_at timestamptz NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}'
);

CREATE TABLE newsletter_deliveries (
  id bigint PRIMARY KEY,
  send_id bigint NOT NULL,
  post_id bigint NOT NULL,
  subscriber_id bigint NOT NULL,
  state text NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}',
  UNIQUE (post_id, subscriber_id)
);
