import { storedRedirectSchema } from "~/server/collections/redirects";
import { ConflictError, NotFoundError } from "~/server/http/errors";
import { checkRecord, type Change } from "~/server/store/change";
import type { DbFile } from "~/server/store/db-schema";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Redirect } from "~/server/store/types";
import { REDIRECT_MESSAGES } from "~/shared/redirects";

export type NewRedirect = { path: string; target: string; source?: string };

/** An admin's redirect (docs/decisions/251-old-addresses-kept-as-redirects.md); ConflictError for a path that has one. */
export function addRedirect(snap: Snapshot, input: NewRedirect, now: string): Change<Redirect> {
  const list = snap.data.redirects ?? [];
  if (list.some((r) => r.path === input.path)) {
    const message = REDIRECT_MESSAGES.taken(input.path);
    throw new ConflictError(message, { path: [message] });
  }
  const id = snap.data.meta.nextRedirectId ?? 1;
  const redirect = checkRecord<Redirect>(storedRedirectSchema, { id, ...input, createdAt: now });
  const next = { ...snap.data, redirects: [...list, redirect], meta: { ...snap.data.meta, nextRedirectId: id + 1 } };
  return { next, result: redirect, kinds: [] };
}

export function removeRedirect(snap: Snapshot, id: number): Change<Redirect> {
  const list = snap.data.redirects ?? [];
  const found = list.find((r) => r.id === id);
  if (!found) throw new NotFoundError(REDIRECT_MESSAGES.notFound(id));
  return { next: { ...snap.data, redirects: list.filter((r) => r !== found) }, result: found, kinds: [] };
}

/**
 * An import's redirects, put into `data` (its batch's write): a path an admin's redirect holds is
 * left alone, one an earlier import made is pointed at its new target, and the rest are added.
 * Answers the next data and how many were added.
 */
export function mergeRedirects(
  data: DbFile,
  add: readonly NewRedirect[],
  now: string,
): { data: DbFile; added: number } {
  if (add.length === 0) return { data, added: 0 };
  const list = [...(data.redirects ?? [])];
  const at = new Map(list.map((r, i) => [r.path, i]));
  let nextId = data.meta.nextRedirectId ?? 1;
  let added = 0;
  for (const { path, target, source } of add) {
    const i = at.get(path);
    if (i !== undefined) {
      const old = list[i]!;
      if (old.source !== undefined && (old.target !== target || old.source !== source))
        list[i] = checkRecord<Redirect>(storedRedirectSchema, { ...old, target, ...(source && { source }) });
      continue;
    }
    const redirect = { id: nextId++, path, target, createdAt: now, ...(source && { source }) };
    at.set(path, list.push(checkRecord<Redirect>(storedRedirectSchema, redirect)) - 1);
    added++;
  }
  return { data: { ...data, redirects: list, meta: { ...data.meta, nextRedirectId: nextId } }, added };
}
