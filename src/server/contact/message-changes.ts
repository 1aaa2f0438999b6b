import { INBOX_MESSAGES } from "~/shared/inbox";
import { NotFoundError } from "~/server/http/errors";
import { checkRecord, withoutUndefined, type Change } from "~/server/store/change";
import { messageSchema } from "~/server/collections/messages";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { ContactMessage, MessagePatch, NewContactMessage } from "~/server/store/types";

function find(snap: Snapshot, id: number): ContactMessage {
  const message = snap.data.messages.find((m) => m.id === id);
  if (!message) throw new NotFoundError(INBOX_MESSAGES.notFound(id));
  return message;
}

/** Read, archived and email state; the sender's fields are never changed by the inbox. */
export function updateMessage(snap: Snapshot, id: number, patch: MessagePatch): Change<ContactMessage> {
  const old = find(snap, id);
  const updated: ContactMessage = { ...old };
  if (patch.read !== undefined) updated.read = patch.read;
  if (patch.archived !== undefined) updated.archived = patch.archived;
  if (patch.notification !== undefined) updated.notification = patch.notification;
  checkRecord(messageSchema, updated);
  const messages = snap.data.messages.map((m) => (m.id === id ? updated : m));
  return { next: { ...snap.data, messages }, result: updated, kinds: ["messages"] };
}

export function deleteMessage(snap: Snapshot, id: number): Change<ContactMessage> {
  const old = find(snap, id);
  // meta.nextMessageId stays, so the id is never reused for another sender.
  const messages = snap.data.messages.filter((m) => m.id !== id);
  return { next: { ...snap.data, messages }, result: old, kinds: ["messages"] };
}

export function addMessage(snap: Snapshot, input: NewContactMessage, now: string): Change<ContactMessage> {
  const data = snap.data;
  const { name, email, company, industry, industryTitle, message, ip, visit } = input;
  const id = data.meta.nextMessageId;
  const record = {
    id,
    name,
    email,
    ...withoutUndefined({ company, industry, industryTitle }),
    message,
    ip,
    createdAt: now,
  };
  if (visit) Object.assign(record, { visit });
  checkRecord(messageSchema, record);
  const next = {
    ...data,
    messages: [...data.messages, record],
    meta: { ...data.meta, nextMessageId: id + 1 },
  };
  return { next, result: record, kinds: ["messages"] };
}
