-- API tokens (docs/decisions/215-api-tokens.md), records of the store like the others
-- (collections/api-tokens.ts): the owner and the secret's hash as columns, a token's name, scopes,
-- expiry and last use in `extra`. Deleting a user leaves their tokens, which then answer 401, as
-- db.json's do.
CREATE TABLE api_tokens (
  id bigint PRIMARY KEY,
  user_id bigint NOT NULL,
  token_hash text NOT NULL UNIQUE CHECK (token_hash <> ''),
  created_at timestamptz NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}'
);
