-- Old addresses that answer 301 (docs/decisions/251-old-addresses-kept-as-redirects.md), records of the
-- store like the others (collections/redirects.ts): the old path (with WordPress's `?p=ID` query),
-- where it leads and when it was made as columns, the import's source id in `extra`. A path leads
-- to one place, so it is unique.
CREATE TABLE redirects (
  id bigint PRIMARY KEY,
  path text NOT NULL UNIQUE CHECK (path <> ''),
  target text NOT NULL CHECK (target <> ''),
  created_at timestamptz NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}'
);
