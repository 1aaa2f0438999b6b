/**
 * Who may do what (docs/decisions/125-one-permission-table.md): the one table of the four roles'
 * rights. The server's guards and services ask `can` before every write and every admin read; the
 * admin asks the same function only to hide what a role may not do.
 */
import { scopesAllow, type ApiScope } from "./api-tokens";
import { AUTH_MESSAGES } from "./auth-messages";

export const ROLES = ["admin", "editor", "writer", "contributor"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  editor: "Editor",
  writer: "Writer",
  contributor: "Contributor",
};

export const ACTIONS = [
  /** Write a new post (a contributor's stays a draft). */
  "posts.create",
  /** Change a post's text, tags and settings (the post in the context). */
  "posts.edit",
  /** Publish, unpublish or schedule a post. */
  "posts.publish",
  /** Move a post to the trash. */
  "posts.delete",
  /** Ask an editor to publish one's own draft. */
  "posts.submit",
  /** See the review queue, and send a submitted post back with a note. */
  "posts.review",
  /** Bring back an earlier revision of a post. */
  "posts.restoreRevision",
  /** The trash: list it, restore from it, delete for good. */
  "trash.manage",
  /** Rename, merge and delete tags (anyone who writes may add one to a post). */
  "tags.manage",
  /** Upload an image into a post. */
  "media.upload",
  /** Browse and delete the media library. */
  "media.manage",
  /** The contact inbox, when the settings let writers see it (admins always). */
  "inbox.read",
  /** Delete a contact message. */
  "inbox.delete",
  "analytics.see",
  /** Edit and publish the Site tab's content. */
  "site.edit",
  "activity.see",
  "users.manage",
  "settings.manage",
  /** Backups, restores and the utility tools. */
  "backups.manage",
  /** Add and remove webhook endpoints, see their deliveries, send a test. */
  "webhooks.manage",
  /** Import a WordPress or Ghost export (docs/operations.md "Moving from WordPress or Ghost"). */
  "import.run",
  /** List, add and remove the redirects of old addresses. */
  "redirects.manage",
  /** Write a new page of blocks (a contributor's or writer's stays a draft for review). */
  "pages.create",
  /** Change a page's title, path, blocks and settings (the page in the context). */
  "pages.edit",
  /** Publish, unpublish or schedule a page. */
  "pages.publish",
  /** Move a page to the trash, bring back an earlier revision of one. */
  "pages.delete",
  /** Send a post to the newsletter's readers ("Also send by email", a test send, the progress). */
  "newsletter.send",
  /** The newsletter's readers: list, export, import, delete. */
  "subscribers.manage",
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * What the action is done to, when that matters: the post (whose it is and whether it is
 * published) and the inbox setting. Left out, a rule that needs it answers for the role's best
 * case, as the admin's tabs and buttons do before a post is chosen.
 */
export type PermissionContext = {
  /** The post's author (createdBy) is the user asking. */
  own?: boolean;
  published?: boolean;
  /** The admin's setting that lets writers read the inbox. */
  writersSeeInbox?: boolean;
};

type Rule = boolean | ((context: PermissionContext) => boolean);

const ownDraft: Rule = ({ own = true, published = false }) => own && !published;
const inboxSetting: Rule = ({ writersSeeInbox = false }) => writersSeeInbox;

const everything = Object.fromEntries(ACTIONS.map((action) => [action, true])) as Record<Action, Rule>;

/** Admins may everything; the others may what their row says, nothing else. */
const TABLE: Record<Role, Partial<Record<Action, Rule>>> = {
  admin: { ...everything, "posts.submit": false },
  editor: {
    "posts.create": true,
    "posts.edit": true,
    "posts.publish": true,
    "posts.delete": true,
    "posts.review": true,
    "posts.restoreRevision": true,
    "trash.manage": true,
    "tags.manage": true,
    "media.upload": true,
    "media.manage": true,
    "inbox.read": inboxSetting,
    "analytics.see": true,
    "site.edit": true,
    "pages.create": true,
    "pages.edit": true,
    "pages.publish": true,
    "pages.delete": true,
    "newsletter.send": true,
  },
  writer: {
    "posts.create": true,
    "posts.edit": true,
    "posts.publish": true,
    "posts.restoreRevision": true,
    "media.upload": true,
    "inbox.read": inboxSetting,
    "pages.create": true,
    "pages.edit": ownDraft,
  },
  contributor: {
    "posts.create": true,
    "posts.edit": ownDraft,
    "posts.submit": ownDraft,
    "media.upload": true,
    "pages.create": true,
    "pages.edit": ownDraft,
  },
};

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/**
 * Whether `role` may do `action` (to what `context` describes); an unknown role may nothing. A call
 * made with an API token passes its `scopes`: the table's answer and the scopes' (api-tokens.ts).
 */
export function can(
  role: string | undefined,
  action: Action,
  context: PermissionContext = {},
  scopes?: readonly ApiScope[],
): boolean {
  const rule = isRole(role) ? TABLE[role][action] : undefined;
  return (typeof rule === "function" ? rule(context) : rule === true) && scopesAllow(scopes, action);
}

/** The roles that may `action` (with no context), in the table's order: what a message names. */
export const rolesThatMay = (action: Action): Role[] => ROLES.filter((role) => can(role, action));

/** Roles as a reader would say them: "admins", "admins and editors", "admins, editors and writers". */
export function roleNames(roles: readonly Role[]): string {
  const names = roles.map((role) => `${role}s`);
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The context of a post for `userId`: whether it is theirs, and whether it is published. */
export function postContext(userId: number, post: { createdBy?: number; published: boolean }): PermissionContext {
  return { own: post.createdBy === userId, published: post.published };
}

/**
 * Whether the user may open a post's editor (its address in the admin): whoever may edit it, and a
 * contributor their own post even once it is published (they read it there, without the save buttons).
 */
export function mayOpenPost(user: { id: number; role: string }, post: { createdBy?: number; published: boolean }) {
  const context = postContext(user.id, post);
  return can(user.role, "posts.edit", context) || (context.own === true && can(user.role, "posts.create"));
}

/** The 403's words: "admins only" for what only admins may, else that the role does not allow it. */
export function forbiddenMessage(action: Action): string {
  return ROLES.every((role) => role === "admin" || !can(role, action, { writersSeeInbox: true }))
    ? AUTH_MESSAGES.adminsOnly
    : PERMISSION_MESSAGES.forbidden;
}

export const PERMISSION_MESSAGES = {
  forbidden: "Your role does not allow this.",
  cannotPublish: "Contributors cannot publish, schedule or unpublish; submit the post for review instead.",
  notYourDraft: "Contributors can edit only their own posts until they are published.",
  roleInvalid: `Role must be ${ROLES.slice(0, -1).join(", ")} or ${ROLES.at(-1)}`,
} as const;
