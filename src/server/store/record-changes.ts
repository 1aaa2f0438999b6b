import { ConflictError, NotFoundError } from "~/server/errors";
import { checkRecord, withoutUndefined, type Change } from "./change";
import { messageSchema, storedTagSchema, userSchema } from "./db-schema";
import { lowerName, type Snapshot } from "./db-snapshot";
import type { ContactMessage, NewContactMessage, Tag, User, UserPatch } from "./types";

export const tagSlugTakenMessage = (slug: string) => `A tag with the slug "${slug}" already exists.`;
export const usernameTakenMessage = (username: string) => `The username "${username}" is taken.`;

export function createTag(snap: Snapshot, input: { name: string; slug: string }): Change<Tag> {
  if (snap.tagsBySlug.has(input.slug)) {
    throw new ConflictError(tagSlugTakenMessage(input.slug), { slug: [tagSlugTakenMessage(input.slug)] });
  }
  const data = snap.data;
  const tag = checkRecord(storedTagSchema, { id: data.meta.nextTagId, name: input.name, slug: input.slug });
  const next = { ...data, tags: [...data.tags, tag], meta: { ...data.meta, nextTagId: tag.id + 1 } };
  return { next, result: tag, kinds: ["tags"] };
}

export function createUser(snap: Snapshot, input: Omit<User, "id" | "createdAt">, now: string): Change<User> {
  // Case-insensitive, so "Admin" cannot sit beside "admin" and confuse who signed in.
  if (snap.usersByName.has(lowerName(input.username))) {
    throw new ConflictError(usernameTakenMessage(input.username), {
      username: [usernameTakenMessage(input.username)],
    });
  }
  const data = snap.data;
  const { username, role, passwordHash } = input;
  const user = checkRecord(userSchema, {
    id: data.meta.nextUserId,
    username,
    role,
    passwordHash,
    createdAt: now,
  });
  const next = { ...data, users: [...data.users, user], meta: { ...data.meta, nextUserId: user.id + 1 } };
  return { next, result: user, kinds: ["users"] };
}

export const userNotFoundMessage = (id: number) => `No user with id ${id}.`;

function userAt(snap: Snapshot, id: number): User {
  const user = snap.usersById.get(id);
  if (!user) throw new NotFoundError(userNotFoundMessage(id));
  return user;
}

export function updateUser(snap: Snapshot, id: number, patch: UserPatch): Change<User> {
  const current = userAt(snap, id);
  const { role, passwordHash, disabled, lastSignInAt } = patch;
  const changes = withoutUndefined({ role, passwordHash, disabled, lastSignInAt });
  const user = checkRecord(userSchema, { ...current, ...changes });
  const data = snap.data;
  const next = { ...data, users: data.users.map((u) => (u.id === id ? user : u)) };
  return { next, result: user, kinds: ["users"] };
}

export function deleteUser(snap: Snapshot, id: number): Change<User> {
  const user = userAt(snap, id);
  const data = snap.data;
  return { next: { ...data, users: data.users.filter((u) => u.id !== id) }, result: user, kinds: ["users"] };
}

export function addMessage(snap: Snapshot, input: NewContactMessage, now: string): Change<ContactMessage> {
  const data = snap.data;
  const { name, email, company, industry, message, ip } = input;
  const id = data.meta.nextMessageId;
  const record = { id, name, email, ...withoutUndefined({ company, industry }), message, ip, createdAt: now };
  checkRecord(messageSchema, record);
  const next = {
    ...data,
    messages: [...data.messages, record],
    meta: { ...data.meta, nextMessageId: id + 1 },
  };
  return { next, result: record, kinds: ["messages"] };
}
