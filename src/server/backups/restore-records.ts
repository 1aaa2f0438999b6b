import { isDeepStrictEqual } from "node:util";
import { messageSchema } from "~/server/collections/messages";
import { DEFAULT_SETTINGS, settingsSchema } from "~/server/collections/settings";
import { storedTagSchema } from "~/server/collections/tags";
import { userSchema } from "~/server/collections/users";
import { checkRecord, type Change } from "~/server/store/change";
import { lowerName, type Snapshot } from "~/server/store/db-snapshot";
import type { ChangeKind, ContactMessage, Invitation, Redirect, Settings, Tag, User } from "~/server/store/types";
import { mergeRedirects } from "~/server/redirects/redirect-changes";
import { assertKeepsAnAdmin } from "~/server/users/user-changes";
import type { KindOutcome, KindOutcomes } from "~/shared/backups";

/** The records of a whole-site backup a restore puts back in one write; a kind left out is not touched. */
export type RestoredRecords = {
  tags?: readonly Tag[];
  users?: readonly User[];
  messages?: readonly ContactMessage[];
  settings?: Settings;
  /** Old addresses (docs/decisions/251-old-addresses-kept-as-redirects.md): a path without one here is added. */
  addressRedirects?: readonly Redirect[];
};

const outcome = (): KindOutcome => ({ added: 0, replaced: 0, unchanged: 0 });

/**
 * Puts back a backup's tags, users, inbox and settings (docs/decisions/195-whole-site-backups.md),
 * as one change, so the preview (the same function on a snapshot, never committed) says exactly
 * what the restore does:
 * - a tag is added when no tag has its slug, otherwise left alone (a rename would reach every post);
 * - a user is matched by username: added when missing, replaced (keeping the id here) when the
 *   backup's password, role, profile or second factor differs; a change that leaves no admin is refused;
 * - a message is matched by id, sender and time: added when missing (under a new id when another
 *   message holds its id), replaced when its read or archived state differs;
 * - the settings are replaced when they differ.
 * Nothing stored is ever removed: a record the backup lacks stays as it is. `replace: false` (the
 * command line's restore, which has no preview) only adds: a record here is left alone.
 */
export function restoreRecords(
  snap: Snapshot,
  given: RestoredRecords,
  { replace = true }: { replace?: boolean } = {},
): Change<KindOutcomes> {
  let data = snap.data;
  const result: KindOutcomes = {};
  const kinds: ChangeKind[] = [];
  const changed = (kind: ChangeKind & keyof KindOutcomes, each: KindOutcome) => {
    result[kind] = each;
    if (each.added + each.replaced > 0) kinds.push(kind);
  };

  if (given.tags) {
    const each = outcome();
    const tags = [...data.tags];
    let nextTagId = data.meta.nextTagId;
    for (const tag of given.tags) {
      if (tags.some((t) => t.slug === tag.slug)) {
        each.unchanged++;
        continue;
      }
      const id = tags.some((t) => t.id === tag.id) ? nextTagId++ : tag.id;
      tags.push(checkRecord(storedTagSchema, { ...tag, id }));
      each.added++;
    }
    nextTagId = tags.reduce((n, t) => Math.max(n, t.id + 1), nextTagId);
    if (each.added > 0) data = { ...data, tags, meta: { ...data.meta, nextTagId } };
    changed("tags", each);
  }

  if (given.users) {
    const each = outcome();
    const users = [...data.users];
    let nextUserId = data.meta.nextUserId;
    for (const user of given.users) {
      const at = users.findIndex((u) => lowerName(u.username) === lowerName(user.username));
      if (at === -1) {
        const id = users.some((u) => u.id === user.id) ? nextUserId++ : user.id;
        users.push(
          checkRecord(userSchema, withFreePasskeys(withFreeEmail({ ...user, id }, users, data.invitations), users)),
        );
        each.added++;
        continue;
      }
      const current = users[at]!;
      if (!replace) {
        each.unchanged++;
        continue;
      }
      // The last sign-in is this site's own news, not something a backup should undo; nor is the
      // last code taken, so a code used since the backup is not taken again
      // (docs/decisions/220-two-factor-secrets-in-the-user-record.md).
      const restored = withFreePasskeys(
        withFreeEmail(
          withLastStep({ ...user, id: current.id, ...withLastSignIn(current) }, current),
          users,
          data.invitations,
        ),
        users,
      );
      if (isDeepStrictEqual(withoutLastSignIn(current), withoutLastSignIn(restored))) {
        each.unchanged++;
        continue;
      }
      users[at] = checkRecord(userSchema, restored);
      each.replaced++;
    }
    nextUserId = users.reduce((n, u) => Math.max(n, u.id + 1), nextUserId);
    if (each.added + each.replaced > 0) {
      assertKeepsAnAdmin(data.users, users);
      data = { ...data, users, meta: { ...data.meta, nextUserId } };
    }
    changed("users", each);
  }

  if (given.messages) {
    const each = outcome();
    const messages = [...data.messages];
    let nextMessageId = data.meta.nextMessageId;
    for (const message of given.messages) {
      const at = messages.findIndex((m) => m.id === message.id);
      const same = at !== -1 && messages[at]!.createdAt === message.createdAt && messages[at]!.email === message.email;
      if (!same) {
        const id = at === -1 ? message.id : nextMessageId++;
        messages.push(checkRecord(messageSchema, { ...message, id }));
        each.added++;
      } else if (!replace || isDeepStrictEqual({ ...messages[at] }, { ...message })) {
        each.unchanged++;
      } else {
        messages[at] = checkRecord(messageSchema, { ...message });
        each.replaced++;
      }
    }
    nextMessageId = messages.reduce((n, m) => Math.max(n, m.id + 1), nextMessageId);
    if (each.added + each.replaced > 0) data = { ...data, messages, meta: { ...data.meta, nextMessageId } };
    changed("messages", each);
  }

  if (given.settings) {
    const each = outcome();
    const current = { ...DEFAULT_SETTINGS, ...data.settings };
    const settings = { ...current, ...given.settings };
    // A site that never saved its settings has none to replace: the backup's are added.
    const missing = data.settings === undefined;
    if (isDeepStrictEqual(current, settings) || (!missing && !replace)) each.unchanged++;
    else {
      data = { ...data, settings: checkRecord<Settings>(settingsSchema, settings) };
      if (missing) each.added++;
      else each.replaced++;
    }
    changed("settings", each);
  }

  let redirectsAdded = 0;
  if (given.addressRedirects?.length) {
    const here = new Set((data.redirects ?? []).map((r) => r.path));
    const missing = given.addressRedirects.filter((r) => !here.has(r.path));
    const merged = mergeRedirects(data, missing, new Date().toISOString());
    data = merged.data;
    redirectsAdded = merged.added;
  }

  // Old addresses are shown by no page, so a write of them alone names no kind.
  return kinds.length > 0 || redirectsAdded > 0 ? { next: data, result, kinds } : { result, kinds };
}

/**
 * A restored user without a reset link (one from the backup's time is no one's to use), and
 * without their address when another account or an invitation holds it now: addresses are unique
 * (docs/decisions/230-invitations-and-reset-links.md), and the account that has it now keeps it.
 */
function withFreeEmail(user: User, users: readonly User[], invitations: readonly Invitation[] = []): User {
  const { passwordReset: _, ...rest } = user;
  const lower = rest.email?.toLowerCase();
  if (lower === undefined) return rest;
  const held =
    users.some((u) => u.id !== rest.id && u.email?.toLowerCase() === lower) ||
    invitations.some((i) => i.email.toLowerCase() === lower);
  if (!held) return rest;
  const { email: __, ...withoutEmail } = rest;
  return withoutEmail;
}

const withLastSignIn = (user: User) => (user.lastSignInAt === undefined ? {} : { lastSignInAt: user.lastSignInAt });

function withoutLastSignIn(user: User): Omit<User, "lastSignInAt"> {
  const { lastSignInAt: _, ...rest } = user;
  if (!rest.twoFactor) return rest;
  const { lastStep: __, ...factor } = rest.twoFactor;
  return { ...rest, twoFactor: factor };
}

/**
 * The restored second factor with the later of the two last steps (steps are times, whatever the
 * secret), and each restored passkey with the higher of the two signature counters, so an answer
 * seen since the backup is not taken again (docs/decisions/240-passkeys-in-the-user-record.md).
 */
function withLastStep(restored: User, current: User): User {
  const counted = withCounters(restored, current);
  const steps = [counted.twoFactor?.lastStep, current.twoFactor?.lastStep].filter((s) => s !== undefined);
  if (!counted.twoFactor || steps.length === 0) return counted;
  return { ...counted, twoFactor: { ...counted.twoFactor, lastStep: Math.max(...steps) } };
}

function withCounters(restored: User, current: User): User {
  if (!restored.passkeys || !current.passkeys) return restored;
  const now = new Map(current.passkeys.map((p) => [p.credentialId, p.counter]));
  const passkeys = restored.passkeys.map((p) => ({ ...p, counter: Math.max(p.counter, now.get(p.credentialId) ?? 0) }));
  return { ...restored, passkeys };
}

/** A restored user without the passkeys another account holds now: a passkey names one user. */
function withFreePasskeys(user: User, users: readonly User[]): User {
  if (!user.passkeys) return user;
  const held = new Set(
    users.filter((u) => u.id !== user.id).flatMap((u) => (u.passkeys ?? []).map((p) => p.credentialId)),
  );
  const passkeys = user.passkeys.filter((p) => !held.has(p.credentialId));
  if (passkeys.length === user.passkeys.length) return user;
  const { passkeys: _, ...rest } = user;
  return passkeys.length ? { ...rest, passkeys } : rest;
}
