-- The site's published revisions (docs/decisions/111-site-content-in-the-store.md): one row per
-- publish, so a publish writes one row rather than every revision again. The whole content, the
-- sections it changed and the revision it restored travel in `extra`, as the store keeps them.
-- The draft and the published content are one small document in store_documents ("site").
CREATE TABLE site_revisions (
  id bigint PRIMARY KEY,
  created_at timestamptz NOT NULL,
  created_by text NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}'
);
