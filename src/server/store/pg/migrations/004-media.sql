-- Uploaded images, shared by every instance (docs/decisions/044-postgres-media-and-backups.md): the
-- original's bytes under its content-hash name, with the size a page needs, so an instance knows
-- every image without reading the bytes. Resized copies are made again from the original by each
-- instance that serves them, and kept in its own DATA_DIR/media-cache.
CREATE TABLE media (
  name text PRIMARY KEY CHECK (name ~ '^[0-9a-f]{64}\.(png|gif|jpg|bmp|ico|webp)$'),
  width integer NOT NULL,
  height integer NOT NULL,
  created_at text NOT NULL,
  bytes bytea NOT NULL
);
