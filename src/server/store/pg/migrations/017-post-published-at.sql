-- When a post first went public (docs/decisions/185-published-means-published.md), NULL for a
-- post never published, so an operator can list posts by their public date with one query. A row
-- of an older release has none: the store reads a published one's as its created_at, and the
-- row's next write fills the column.
ALTER TABLE posts ADD COLUMN published_at timestamptz;
