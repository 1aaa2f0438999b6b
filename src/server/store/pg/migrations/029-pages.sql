-- Pages the marketing team builds of blocks (collections/pages.ts): records of the store like the
-- posts, on the same publishing lifecycle. The address is unique, as db.json's check has it; the
-- blocks are one jsonb list; the search settings, the review queue's and the schedule's fields and
-- the authors travel in `extra`. A trashed page keeps its id and path reserved (page_trash). A
-- page's old paths are the `pageRedirects` document, as posts' old slugs are.
CREATE TABLE pages (
  id bigint PRIMARY KEY,
  title text NOT NULL,
  path text NOT NULL UNIQUE,
  blocks jsonb NOT NULL,
  published boolean NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  publish_at timestamptz,
  published_at timestamptz,
  extra jsonb NOT NULL DEFAULT '{}'
);

CREATE TABLE page_trash (
  id bigint PRIMARY KEY,
  deleted_at timestamptz NOT NULL,
  extra jsonb NOT NULL DEFAULT '{}'
);
