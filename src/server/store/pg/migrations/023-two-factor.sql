-- Two-factor sign-in (docs/decisions/220-two-factor-secrets-in-the-user-record.md): a user's TOTP
-- secret, the hashes of their unused recovery codes and the time step of the last code taken, as
-- one JSON value, NULL when they have none. It is part of the user's record, so the store's
-- notifications carry a set-up, a reset or a used code to every instance, and a backup carries it
-- with the password hash.
ALTER TABLE users ADD COLUMN two_factor jsonb;
