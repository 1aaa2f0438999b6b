-- Webhook endpoints and their deliveries (docs/decisions/225-signed-webhooks-through-the-outbox.md),
-- records of the store like the others (collections/webhooks.ts): the address and the time as
-- columns, the events and the secret in `extra`; a delivery's endpoint and state as columns, its
-- event, payload, attempts and outcome in `extra`. Who delivers which one is the outbox's
-- (outbox_claims, topic 'webhook', keyed by the delivery's id).
CREATE TABLE webhooks (
  id bigint PRIMARY KEY,
  url text NOT NULL CHECK (url <> ''),
  created_at timestamptz NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}'
);

CREATE TABLE webhook_deliveries (
  id bigint PRIMARY KEY,
  webhook_id bigint NOT NULL,
  state text NOT NULL,
  created_at timestamptz NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, id);
