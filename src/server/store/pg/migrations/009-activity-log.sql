-- The activity log (docs/decisions/102-activity-log.md): who did what, when and from where, shared
-- by every instance. Append-only from the application's side: rows are inserted, and deleted only
-- once older than the kept period; the trigger refuses any change to a row. The data folder keeps
-- the same entries in activity.jsonl instead.
CREATE TABLE activity (
  id text PRIMARY KEY,
  at timestamptz NOT NULL,
  kind text NOT NULL,
  user_id bigint,
  username text,
  ip text NOT NULL DEFAULT '',
  what text NOT NULL DEFAULT ''
);
CREATE INDEX activity_by_time ON activity (at);
CREATE INDEX activity_by_user ON activity (user_id);

CREATE FUNCTION activity_refuse_update() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'activity entries are never changed';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER activity_append_only BEFORE UPDATE ON activity
  FOR EACH ROW EXECUTE FUNCTION activity_refuse_update();
