-- Bylines (docs/decisions/130-bylines-and-author-pages.md): a post's authors as a JSON list of
-- user ids in byline order, and a user's public profile, each NULL when unset. A row written
-- before this migration by a release that knew them holds them in `extra`, which wins when the
-- row is read, and the row's next write moves them into these columns.
ALTER TABLE posts ADD COLUMN authors jsonb;
ALTER TABLE users ADD COLUMN display_name text;
ALTER TABLE users ADD COLUMN bio text;
ALTER TABLE users ADD COLUMN avatar text;
