-- The post backups of the tools, shared by every instance (docs/decisions/044-postgres-media-and-backups.md):
-- the very text a data folder's backups/posts-<time>.json holds, under the same name, with what
-- the list shows and the images it names kept beside it, so neither needs the text parsed.
CREATE TABLE backups (
  name text PRIMARY KEY CHECK (name ~ '^posts-[0-9TZ.-]+\.json$'),
  created_at text NOT NULL,
  post_count integer NOT NULL,
  media_hashes text[] NOT NULL DEFAULT '{}',
  body text NOT NULL
);
