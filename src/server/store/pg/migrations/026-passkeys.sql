-- Passkeys (docs/decisions/240-passkeys-in-the-user-record.md): a user's WebAuthn credentials, as
-- one JSON list beside their TOTP secret (023), NULL when they have none. Part of the user's
-- record, so a new passkey, a counter taken at sign-in or an admin's reset reaches every instance
-- through the store's notifications, a backup carries them with the password hash, and deleting
-- the user deletes them.
ALTER TABLE users ADD COLUMN passkeys jsonb;
