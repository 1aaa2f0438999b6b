-- The site's history joins the revisions of everything else
-- (docs/decisions/205-site-history-in-the-revisions.md), as db.json's `siteRevisions` does when it
-- is read (collections/site-history.ts): each row becomes a revision of the subject ('site', 1),
-- numbered after the revisions there are, with its time, who published it (the account of that
-- name, or the name alone when none is left), the sections it changed as `changed`, its content
-- as `snapshot`, its old id, and the revision it restored under that revision's new number.
WITH start AS (
  SELECT GREATEST(
    COALESCE((meta->>'nextRevisionId')::bigint, 1),
    (SELECT COALESCE(MAX(id), 0) + 1 FROM revisions)
  ) AS next
  FROM store_state
),
moved AS (
  SELECT s.*, start.next + ROW_NUMBER() OVER (ORDER BY s.id) - 1 AS new_id
  FROM site_revisions s CROSS JOIN start
)
INSERT INTO revisions (id, subject, subject_id, created_at, extra)
SELECT
  m.new_id,
  'site',
  1,
  m.created_at,
  (m.extra - 'sections' - 'content' - 'restoredFrom')
    || jsonb_build_object(
      'savedAt', COALESCE(m.extra->>'createdAt', to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      'changed', COALESCE(m.extra->'sections', '[]'::jsonb),
      'snapshot', m.extra->'content',
      'siteRevisionId', m.id,
      'origin', CASE WHEN restored.new_id IS NULL THEN 'publish' ELSE 'restore' END
    )
    || CASE WHEN restored.new_id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('restoredFrom', restored.new_id) END
    || CASE
      WHEN u.id IS NOT NULL THEN jsonb_build_object('by', jsonb_build_object('id', u.id, 'username', u.username))
      WHEN m.created_by <> '' THEN jsonb_build_object('byName', m.created_by)
      ELSE '{}'::jsonb
    END
FROM moved m
LEFT JOIN moved restored ON restored.id = (m.extra->>'restoredFrom')::bigint
LEFT JOIN users u ON u.username = m.created_by;

-- The counter stays above every revision, the moved ones too.
UPDATE store_state
SET meta = meta || jsonb_build_object(
  'nextRevisionId',
  GREATEST(COALESCE((meta->>'nextRevisionId')::bigint, 1), (SELECT MAX(id) + 1 FROM revisions))
)
WHERE EXISTS (SELECT 1 FROM revisions);

DROP TABLE site_revisions;
