import type { z } from "zod";
import type { revisionRecordSchema } from "./revisions";
import { SITE_SUBJECT, type FormerSiteRevision } from "./site";

type Revision = z.infer<typeof revisionRecordSchema>;
type Lists = {
  siteRevisions?: readonly FormerSiteRevision[];
  revisions?: readonly Revision[];
  users?: readonly { id: number; username: string }[];
};

/**
 * The site's own history, as releases before it joined the revisions kept it (`siteRevisions`),
 * moved into the revisions list under the site's subject
 * (docs/decisions/205-site-history-in-the-revisions.md). Each keeps its time, who published it,
 * the sections it changed and its content; it takes the next revision id, and `restoredFrom`
 * follows the revision it named. One already moved (a journal of that release replayed over a
 * db.json that was moved) is not moved again. Answers the lists unchanged when there is nothing
 * to move; `nextRevisionId` is the counter to number from.
 */
export function moveSiteHistory<T extends Lists>(db: T, nextRevisionId: number): T {
  const former = db.siteRevisions;
  if (!former) return db;
  const { siteRevisions: _moved, ...rest } = db;
  const revisions = [...(db.revisions ?? [])];
  const newIds = new Map<number, number>();
  for (const r of revisions) if (r.siteRevisionId !== undefined) newIds.set(r.siteRevisionId, r.id);
  let next = Math.max(nextRevisionId, ...revisions.map((r) => r.id + 1));
  const moving = [...former].sort((a, b) => a.id - b.id).filter((r) => !newIds.has(r.id));
  for (const r of moving) newIds.set(r.id, next++);
  const accounts = new Map((db.users ?? []).map((u) => [u.username, u]));
  for (const r of moving) {
    const { id, createdAt, createdBy, sections, restoredFrom, content, ...others } = r;
    const account = accounts.get(createdBy);
    const restored = restoredFrom === undefined ? undefined : newIds.get(restoredFrom);
    revisions.push({
      ...others,
      id: newIds.get(id)!,
      ...SITE_SUBJECT,
      ...(account && { by: { id: account.id, username: account.username } }),
      ...(!account && createdBy && { byName: createdBy }),
      createdAt,
      savedAt: createdAt,
      changed: sections,
      snapshot: content,
      origin: restored === undefined ? "publish" : "restore",
      ...(restored !== undefined && { restoredFrom: restored }),
      siteRevisionId: id,
    });
  }
  return { ...rest, revisions } as unknown as T;
}
