-- The PostgreSQL store keeps the same records as db.json and runs the same change rules on them
-- (docs/decisions/040-postgres-store-mirrors-the-records.md): a post carries its tags as
-- {id,name,slug} copies, fields the columns cannot hold exactly (a key from another release, a
-- date that is not in ISO form) travel in `extra`, and ids come from the counters in store_state,
-- moved under the store's write lock, so a deleted id stays retired as in the data folder.

ALTER TABLE posts ADD COLUMN tags jsonb NOT NULL DEFAULT '[]';
ALTER TABLE posts ADD COLUMN extra jsonb NOT NULL DEFAULT '{}';
ALTER TABLE tags ADD COLUMN extra jsonb NOT NULL DEFAULT '{}';
ALTER TABLE users ADD COLUMN extra jsonb NOT NULL DEFAULT '{}';
ALTER TABLE messages ADD COLUMN extra jsonb NOT NULL DEFAULT '{}';

-- The post's own tag copies replace the join table: a restored post keeps the tag ids it was
-- saved with even when the tag list gave that id to another tag, which a foreign key cannot hold.
DROP TABLE post_tags;

-- One row: the counters of the next ids and the revision, raised by every committed write.
CREATE TABLE store_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  revision bigint NOT NULL,
  meta jsonb NOT NULL
);
INSERT INTO store_state (revision, meta)
VALUES (0, '{"nextPostId": 1, "nextTagId": 1, "nextUserId": 1, "nextMessageId": 1}');

-- What each revision changed (the ids per table), so an instance catches up by reading only those
-- rows. Old revisions are pruned; an instance further behind reads everything again.
CREATE TABLE store_changes (
  revision bigint PRIMARY KEY,
  changed jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every other top-level entry of db.json (site settings, lists too small for a table of their
-- own, keys of other releases), one jsonb document each, under its db.json name.
CREATE TABLE store_documents (
  name text PRIMARY KEY,
  doc jsonb NOT NULL
);
