import { ConflictError, NotFoundError, ValidationError } from "~/server/http/errors";
import { checkRecord, withoutUndefined, type Change } from "~/server/store/change";
import { storedInvitationSchema } from "~/server/collections/invitations";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Invitation, User } from "~/server/store/types";
import { ACCOUNT_LINK_MESSAGES as M } from "~/shared/account-links";
import { createUser } from "./user-changes";

/** A new invitation's record; the caller made the token and hands only its hash. */
export type NewInvitation = Omit<Invitation, "id" | "createdAt">;

const listOf = (snap: Snapshot) => snap.data.invitations ?? [];
const nextId = (snap: Snapshot) =>
  snap.data.meta.nextInvitationId ?? listOf(snap).reduce((next, i) => Math.max(next, i.id + 1), 1);
const sameEmail = (a: string, b: string | undefined) => a.toLowerCase() === b?.toLowerCase();
const refused = () => new ValidationError(M.linkRefused, { token: [M.linkRefused] });

/**
 * Invitations change no page, so their writes name no kind, but accepting one adds a user. An
 * address a user has, or one invited already, is refused: one address, one account.
 */
export function addInvitation(snap: Snapshot, input: NewInvitation, now: string): Change<Invitation> {
  if (snap.data.users.some((u) => sameEmail(input.email, u.email))) {
    throw new ConflictError(M.emailTaken, { email: [M.emailTaken] });
  }
  // Expired invitations go with the next one sent, so the list holds only what can still be used.
  const live = listOf(snap).filter((i) => i.expiresAt > now);
  if (live.some((i) => sameEmail(input.email, i.email))) {
    throw new ConflictError(M.alreadyInvited, { email: [M.alreadyInvited] });
  }
  const id = nextId(snap);
  const record = checkRecord(storedInvitationSchema, withoutUndefined({ ...input, id, createdAt: now }) as Invitation);
  return {
    next: { ...snap.data, invitations: [...live, record], meta: { ...snap.data.meta, nextInvitationId: id + 1 } },
    result: record,
    kinds: [],
  };
}

export function revokeInvitation(snap: Snapshot, id: number): Change<Invitation> {
  const found = listOf(snap).find((i) => i.id === id);
  if (!found) throw new NotFoundError(M.invitationNotFound(id));
  // meta.nextInvitationId stays, so the id is never reused.
  return { next: { ...snap.data, invitations: listOf(snap).filter((i) => i !== found) }, result: found, kinds: [] };
}

/**
 * Makes the invitee's account and deletes the invitation in one write, so of two posts of one
 * link (on two instances) only the first creates an account; an expired or unknown link is a 400.
 */
export function acceptInvitation(
  snap: Snapshot,
  tokenHash: string,
  account: { username: string; passwordHash: string },
  now: string,
): Change<{ user: User; invitation: Invitation }> {
  const invitation = listOf(snap).find((i) => i.tokenHash === tokenHash);
  if (!invitation || invitation.expiresAt <= now) throw refused();
  const { role, email } = invitation;
  const created = createUser(snap, { ...account, role, email }, now, invitation.id);
  const next = { ...created.next!, invitations: listOf(snap).filter((i) => i !== invitation) };
  return { next, result: { user: created.result, invitation }, kinds: created.kinds };
}
