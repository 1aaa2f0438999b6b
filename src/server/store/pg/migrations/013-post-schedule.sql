-- A post's schedule (docs/decisions/120-scheduled-publishing-exactly-once.md): when a draft goes
-- public by itself, NULL when it has none, so an operator can list what is due with one query.
-- Who scheduled it and a late publish's times travel in `extra`, like any other field.
ALTER TABLE posts ADD COLUMN publish_at timestamptz;
