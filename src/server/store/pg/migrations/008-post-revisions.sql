-- Post history (docs/decisions/096-revisions-kept-generically.md): revisions of anything editors
-- change, keyed by the subject's kind and id, and deleted posts kept in the trash for the trash
-- period. Both are records of the store like the others: the columns are what a query may want
-- to find them by, the rest (a revision's snapshot, a trashed post's fields) travels in `extra`.
-- A post's old slugs are the `postRedirects` document of store_documents, as tags' are.

CREATE TABLE revisions (
  id bigint PRIMARY KEY,
  subject text NOT NULL CHECK (subject <> ''),
  subject_id bigint NOT NULL,
  created_at timestamptz NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX revisions_by_subject ON revisions (subject, subject_id, id);

CREATE TABLE post_trash (
  id bigint PRIMARY KEY,
  deleted_at timestamptz NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}'
);
