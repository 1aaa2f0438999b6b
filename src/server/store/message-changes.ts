import { NotFoundError } from "~/server/errors";
import { checkRecord, type Change } from "./change";
import { DEFAULT_SETTINGS, messageSchema, settingsSchema } from "./db-schema";
import type { Snapshot } from "./db-snapshot";
import type { ContactMessage, MessagePatch, Settings } from "./types";

export const messageNotFoundMessage = (id: number) => `Message ${id} not found.`;

function find(snap: Snapshot, id: number): ContactMessage {
  const message = snap.data.messages.find((m) => m.id === id);
  if (!message) throw new NotFoundError(messageNotFoundMessage(id));
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

export const settingsOf = (snap: Snapshot): Settings => ({ ...DEFAULT_SETTINGS, ...snap.data.settings });

export function updateSettings(snap: Snapshot, patch: Partial<Settings>): Change<Settings> {
  const settings = checkRecord<Settings>(settingsSchema, { ...settingsOf(snap), ...patch });
  return { next: { ...snap.data, settings }, result: settings, kinds: ["settings"] };
}
