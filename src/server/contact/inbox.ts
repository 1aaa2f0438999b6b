import type { z } from "zod";
import {
  INBOX_MESSAGES,
  INBOX_PAGE_SIZE,
  inboxQuerySchema,
  messagePatchSchema,
  settingsPatchSchema,
  type InboxCounts,
  type InboxMessage,
  type InboxVisit,
  type InboxPage,
  type InboxQuery,
} from "~/shared/inbox";
import { fieldErrors } from "~/shared/field-errors";
import { can } from "~/shared/permissions";
import type { SessionUser } from "~/shared/users";
import { ForbiddenError, NotFoundError, ValidationError } from "~/server/http/errors";
import { messagesCsv } from "./messages-csv";
import type { ContactMessage, MessageVisit, Settings } from "~/server/store/types";
import { pageOrEmpty } from "~/server/http/paging";
import type { Store } from "~/server/records/store";

export type InboxService = {
  /** Admins always; writers only while the setting allows (docs/product.md section 2). */
  canRead(user: SessionUser): Promise<boolean>;
  /** Throws ForbiddenError for a writer the setting keeps out. */
  assertCanRead(user: SessionUser): Promise<void>;
  list(query: unknown): Promise<InboxPage>;
  /** One message, for its own page in the admin; an unknown id is a 404, one that is no id a 400. */
  get(id: unknown): Promise<InboxMessage>;
  /** Every message the query matches, as CSV (all pages). */
  csv(query: unknown): Promise<string>;
  update(id: unknown, patch: unknown): Promise<InboxMessage>;
  remove(id: unknown): Promise<InboxMessage>;
  getSettings(): Promise<Settings>;
  updateSettings(patch: unknown): Promise<Settings>;
};

/** A route or query parameter as a message id; anything but digits is a 400. */
function parseId(value: unknown): number {
  const id =
    typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : typeof value === "number" ? value : NaN;
  if (!Number.isSafeInteger(id) || id < 1)
    throw new ValidationError(INBOX_MESSAGES.invalidId, { id: [INBOX_MESSAGES.invalidId] });
  return id;
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw new ValidationError(Object.values(errors)[0]?.[0] ?? INBOX_MESSAGES.invalidRequest, errors);
  }
  return result.data;
}

export const toInboxMessage = (m: ContactMessage): InboxMessage => ({
  id: m.id,
  name: m.name,
  email: m.email,
  ...(m.company && { company: m.company }),
  ...(m.industry && { industry: m.industry }),
  ...(m.industryTitle && { industryTitle: m.industryTitle }),
  message: m.message,
  createdAt: m.createdAt,
  read: m.read === true,
  archived: m.archived === true,
  ...(m.notification && { notification: { ...m.notification } }),
  ...(m.visit && { visit: inboxVisit(m.visit) }),
});

/** A stored visit as the inbox answers it: one stored before visits were kept lands on its own page. */
const inboxVisit = ({ page, landingPage, referrer, utm }: MessageVisit): InboxVisit => ({
  page,
  landingPage: landingPage ?? page,
  ...(referrer && { referrer }),
  ...(utm && { utm: { ...utm } }),
});

function matches(m: ContactMessage, { status, q, industry }: InboxQuery): boolean {
  if (status === "inbox" && m.archived) return false;
  if (status === "archived" && !m.archived) return false;
  if (status === "unread" && (m.read || m.archived)) return false;
  if (status === "read" && (!m.read || m.archived)) return false;
  if (industry && m.industry !== industry) return false;
  if (!q) return true;
  const needle = q.toLowerCase();
  return [m.name, m.email, m.company ?? "", m.message].some((field) => field.toLowerCase().includes(needle));
}

function countsOf(messages: ContactMessage[]): InboxCounts {
  const counts: InboxCounts = { unread: 0, inbox: 0, archived: 0, all: messages.length };
  for (const m of messages) {
    if (m.archived) counts.archived += 1;
    else {
      counts.inbox += 1;
      if (!m.read) counts.unread += 1;
    }
  }
  return counts;
}

/** The inbox behind /api/admin/messages and the Inbox tab's route module, one set of rules for both. */
export function createInboxService(store: Store): InboxService {
  const canRead = async (user: SessionUser) =>
    can(user.role, "inbox.read", { writersSeeInbox: (await store.getSettings()).writersSeeInbox }, user.scopes);

  return {
    canRead,
    async assertCanRead(user) {
      if (!(await canRead(user))) throw new ForbiddenError(INBOX_MESSAGES.writersNotAllowed);
    },
    async list(raw) {
      const query = parse(inboxQuerySchema, raw);
      const all = await store.listMessages(); // newest first
      const shown = all.filter((m) => matches(m, query));
      const { items, ...position } = pageOrEmpty(shown, query.page, INBOX_PAGE_SIZE);
      return { messages: items.map(toInboxMessage), ...position, counts: countsOf(all) };
    },
    async get(rawId) {
      const id = parseId(rawId);
      const message = await store.getMessage(id);
      if (!message) throw new NotFoundError(INBOX_MESSAGES.notFound(id));
      return toInboxMessage(message);
    },
    async csv(raw) {
      const query = parse(inboxQuerySchema, raw);
      return messagesCsv((await store.listMessages()).filter((m) => matches(m, query)).map(toInboxMessage));
    },
    async update(rawId, rawPatch) {
      const id = parseId(rawId);
      const patch = parse(messagePatchSchema, rawPatch);
      // The store's write looks the message up once and answers the 404 (message-changes.ts).
      return toInboxMessage(await store.updateMessage(id, patch));
    },
    async remove(rawId) {
      return toInboxMessage(await store.deleteMessage(parseId(rawId)));
    },
    getSettings: () => store.getSettings(),
    async updateSettings(raw) {
      return store.updateSettings(parse(settingsPatchSchema, raw));
    },
  };
}
