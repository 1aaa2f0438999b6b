-- A post's search and social settings (docs/decisions/116-per-post-search-settings.md) and its
-- cover's focal point (docs/decisions/118-covers-shown-whole.md), each
-- NULL when unset. A row written before this migration by a release that knew them holds them in
-- `extra`, which wins when the row is read, and the row's next write moves them into these columns.
ALTER TABLE posts ADD COLUMN meta_title text;
ALTER TABLE posts ADD COLUMN meta_description text;
ALTER TABLE posts ADD COLUMN social_image text;
ALTER TABLE posts ADD COLUMN canonical_url text;
ALTER TABLE posts ADD COLUMN noindex boolean;
ALTER TABLE posts ADD COLUMN cover_focus text;
