import { ACTIVITY_MESSAGES } from "~/shared/activity";
import { ANALYTICS_MESSAGES } from "~/shared/analytics";
import { INBOX_MESSAGES } from "~/shared/inbox";
import { can, type Action } from "~/shared/permissions";
import { REVIEW_MESSAGES } from "~/shared/review";
import { TAGS_MESSAGES } from "~/shared/tags";
import { PAGES_SCREEN } from "~/shared/pages";
import { WEBHOOK_SCREEN } from "~/shared/webhooks";
import { IMPORT_SCREEN } from "~/shared/import";
import { REDIRECT_SCREEN } from "~/shared/redirects";
import { SUBSCRIBERS_SCREEN } from "~/shared/subscribers";
import { SITE_TAB_MESSAGES } from "./site/site-messages";
import { TRASH_MESSAGES } from "./trash-panel";
import { ACCOUNT_MESSAGES, USERS_MESSAGES } from "./users/users-messages";

/** What the navigation shows beside two of its screens, read by the admin layout's loader. */
export type AdminNavData = {
  /** Absent: this user may not read the inbox (a writer, unless the setting lets them). */
  inbox?: { unread: number };
  /** Absent: this user does not review. */
  review?: { waiting: number };
};

/** The navigation's own words; each screen keeps its tab's label (docs/cms-guide.md). */
export const ADMIN_NAV_MESSAGES = {
  label: "Admin",
  menu: "Menu",
  tools: "Tools",
  debugTools: "Backups and debug tools",
  health: "System health",
  refusedTitle: "Not available to your role",
  refusedText: "Your role does not allow this screen. Ask an admin if you need it.",
  notFoundTitle: "Not found",
  notFoundText: "There is nothing at this address: it may have been deleted, or the link is wrong.",
  backToPosts: "Back to Posts",
} as const;

type Screen = {
  /** The address under /admin. */
  path: string;
  label: (nav: AdminNavData) => string;
  /** Who sees the entry; the screen's loader answers 403 to the others anyway. */
  shows: (role: string, nav: AdminNavData) => boolean;
};

const allowedTo = (action: Action) => (role: string) => can(role, action);
const everyone = () => true;

/** The admin's screens in the navigation's order, each at its own address (docs/cms-guide.md). */
export const ADMIN_SCREENS: Screen[] = [
  { path: "/admin/posts", label: () => "Posts", shows: everyone },
  { path: "/admin/posts/new", label: () => "New Post", shows: allowedTo("posts.create") },
  {
    path: "/admin/review",
    label: ({ review }) => (review?.waiting ? REVIEW_MESSAGES.tabWithCount(review.waiting) : REVIEW_MESSAGES.tab),
    shows: allowedTo("posts.review"),
  },
  {
    path: "/admin/inbox",
    label: ({ inbox }) => (inbox?.unread ? INBOX_MESSAGES.tabWithUnread(inbox.unread) : INBOX_MESSAGES.tab),
    shows: (_role, nav) => nav.inbox !== undefined,
  },
  { path: "/admin/pages", label: () => PAGES_SCREEN.tab, shows: allowedTo("pages.create") },
  { path: "/admin/tags", label: () => TAGS_MESSAGES.heading, shows: everyone },
  { path: "/admin/analytics", label: () => ANALYTICS_MESSAGES.tab, shows: allowedTo("analytics.see") },
  { path: "/admin/subscribers", label: () => SUBSCRIBERS_SCREEN.tab, shows: allowedTo("subscribers.manage") },
  { path: "/admin/media", label: () => "Media", shows: allowedTo("media.manage") },
  { path: "/admin/trash", label: () => TRASH_MESSAGES.tab, shows: allowedTo("trash.manage") },
  { path: "/admin/users", label: () => USERS_MESSAGES.tab, shows: allowedTo("users.manage") },
  { path: "/admin/activity", label: () => ACTIVITY_MESSAGES.tab, shows: allowedTo("activity.see") },
  { path: "/admin/webhooks", label: () => WEBHOOK_SCREEN.tab, shows: allowedTo("webhooks.manage") },
  { path: "/admin/import", label: () => IMPORT_SCREEN.tab, shows: allowedTo("import.run") },
  { path: "/admin/redirects", label: () => REDIRECT_SCREEN.tab, shows: allowedTo("redirects.manage") },
  { path: "/admin/site", label: () => SITE_TAB_MESSAGES.tab, shows: allowedTo("site.edit") },
  { path: "/admin/account", label: () => ACCOUNT_MESSAGES.tab, shows: everyone },
];

/** The admins' tool pages, outside the admin layout: backups and the health report. */
export const ADMIN_TOOLS = [
  { path: "/admin/debug-tools", label: ADMIN_NAV_MESSAGES.debugTools },
  { path: "/system/health", label: ADMIN_NAV_MESSAGES.health },
] as const;
export const showsTools = allowedTo("backups.manage");

/**
 * The screen an address belongs to: /admin itself and a post's editor are Posts' (the editor is
 * reached from the list), /admin/posts/new is New Post's, a message is the Inbox's.
 */
export function currentScreenPath(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/admin" || /^\/admin\/posts\/\d+$/.test(path)) return "/admin/posts";
  return ADMIN_SCREENS.map((s) => s.path).find((p) => path === p || (p === "/admin/inbox" && path.startsWith(`${p}/`)));
}
