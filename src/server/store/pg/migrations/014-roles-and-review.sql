-- Editors and contributors (docs/decisions/125-one-permission-table.md), and a post's place in the
-- review queue (docs/decisions/126-review-before-publish.md): when and by whom it was submitted,
-- NULL when it is not awaiting review. The note of a post sent back stays in `extra`.
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check;
ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('admin', 'editor', 'writer', 'contributor'));
ALTER TABLE posts ADD COLUMN submitted_at timestamptz;
ALTER TABLE posts ADD COLUMN submitted_by integer;
