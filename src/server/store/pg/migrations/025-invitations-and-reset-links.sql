-- Invitations and password resets (docs/decisions/230-invitations-and-reset-links.md). A user's
-- email address, unique without case as db.json's check has it, and the one reset link that
-- works now (the SHA-256 of its token and its expiry, as JSON; NULL when none) are part of the
-- user's record. Invitations are records of the store like the others (collections/invitations.ts):
-- the address and the token's hash as columns, the role, expiry and who sent it in `extra`.
ALTER TABLE users ADD COLUMN email text;
ALTER TABLE users ADD COLUMN password_reset jsonb;
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));

CREATE TABLE invitations (
  id bigint PRIMARY KEY,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE CHECK (token_hash <> ''),
  created_at timestamptz NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}'
);
CREATE UNIQUE INDEX invitations_email_lower ON invitations (lower(email));
