import { apiTokens } from "./api-tokens";
import { invitations } from "./invitations";
import type { ListDeclaration } from "./collection";
import { messages } from "./messages";
import { pages, pageTrash } from "./pages";
import { newsletterDeliveries, newsletterSends, subscribers } from "./newsletter";
import { posts, trash } from "./posts";
import { redirects } from "./redirects";
import { revisions } from "./revisions";
import { tags } from "./tags";
import { users } from "./users";
import { webhookDeliveries, webhooks } from "./webhooks";

/**
 * Every kind of record db.json keeps as a list, each declared once in this folder, in the order
 * PostgreSQL writes their tables. The store loops over these; it knows no kind by hand.
 */
export const LISTS: readonly ListDeclaration[] = [
  tags,
  posts,
  users,
  messages,
  revisions,
  trash,
  apiTokens,
  webhooks,
  webhookDeliveries,
  invitations,
  redirects,
  pages,
  pageTrash,
  subscribers,
  newsletterSends,
  newsletterDeliveries,
];

export type { Column, Counter, ListDeclaration } from "./collection";
export { columnName } from "./collection";
