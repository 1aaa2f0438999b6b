import type { Analytics } from "./analytics/analytics";
import type { AuthService } from "./auth/auth-service";
import type { Sessions } from "./auth/session";
import type { BackupService } from "./backups/backup-service";
import type { BlogService } from "~/server/posts/blog";
import type { Config } from "./config";
import type { outcomeOf } from "~/server/http/errors";
import type { ErrorLog } from "~/server/http/error-log";
import type { readFormBody } from "~/server/http/form-body";
import type { ContactService } from "~/server/contact/contact";
import type { SetupService } from "~/server/users/first-run";
import type { UserAdmin } from "~/server/users/user-admin";
import type { HealthService } from "~/server/operations/health";
import type { InboxService } from "~/server/contact/inbox";
import type { PostSearch } from "~/server/posts/post-search";
import type { SiteSearch } from "~/server/search/site-search";
import type { MediaLibrary } from "./media/media-library";
import type { MediaService } from "./media/media-service";
import type { PostService } from "~/server/posts/posts";
import type { ReviewService } from "~/server/posts/post-review";
import type { PreviewLinks } from "~/server/posts/preview-links";
import type { Scheduler } from "~/server/lifecycle/scheduler";
import type { PostHistory } from "~/server/posts/post-history";
import type { Store } from "./records/store";
import type { TagService } from "~/server/tags/tags";
import type { ActivityLog } from "./activity/activity-log";
import type { SiteService } from "~/server/site/site-service";
import type { ApiTokens } from "~/server/tokens/api-tokens";
import type { Webhooks } from "~/server/webhooks/webhooks";
import type { AccountLinks } from "~/server/auth/account-links";
import type { PageService } from "~/server/pages/page-service";
import type { Newsletter } from "~/server/newsletter/newsletter";
import type { SubscriberAdmin } from "~/server/newsletter/subscriber-admin";

/**
 * What every loader and action receives as `context` (docs/architecture.md section 7): the store and the
 * services built once by createApp. Route modules reach server state only through here, never
 * by importing it, so the same instances serve the /api routers and the pages.
 */
export type AppContext = {
  config: Config;
  /** Runs a service call for a route module, answering a typed error as data (errors.ts). */
  outcomeOf: typeof outcomeOf;
  /** Reads a page action's posted form, or answers the 4xx for a body that is not one (form-body.ts). */
  readForm: typeof readFormBody;
  store: Store;
  blog: BlogService;
  contact: ContactService;
  /** The write side of the blog (docs/product.md section 5 rules): /api/cms and the admin pages. */
  posts: PostService;
  review: ReviewService;
  /** Links that show a post to someone without an account (docs/decisions/181-shared-preview-links.md). */
  previewLinks: PreviewLinks;
  /** Carries out scheduled publishing; its failures are shown on the Posts tab and the health report. */
  scheduler: Scheduler;
  /** Posts' revisions, old slugs and the trash (docs/decisions/096-revisions-kept-generically.md). */
  history: PostHistory;
  /** Who is signed in: loaders call `sessions.userFromRequest(request)`. */
  sessions: Sessions;
  /** Sign-in, sessions (list, end) and accounts: /api/auth and the admin pages. */
  auth: AuthService;
  /** Users' accounts, roles and profiles: /api/admin/users and /api/cms/profile. */
  users: UserAdmin;
  /** The signed-in user's API tokens, and the bearer calls they make (docs/decisions/215-api-tokens.md). */
  apiTokens: ApiTokens;
  /** Webhook endpoints and their deliveries: /api/admin/webhooks (docs/decisions/225-signed-webhooks-through-the-outbox.md). */
  webhooks: Webhooks;
  /** Subscribing, confirming, unsubscribing and a post's send (docs/decisions/245-newsletter-double-opt-in.md). */
  newsletter: Newsletter;
  /** The Subscribers screen: /api/admin/subscribers (docs/decisions/261-subscribers-imported-with-their-consent.md). */
  subscriberAdmin: SubscriberAdmin;
  /** Invitations and reset links (docs/decisions/230-invitations-and-reset-links.md). */
  accountLinks: AccountLinks;
  /** Backups, restore, purge and test-post removal (docs/architecture.md section 4): /api/debug and the tool pages. */
  backups: BackupService;
  /** The health report of /api/public/health/database and /system/health. */
  health: HealthService;
  /** Contact messages and the inbox settings: /api/admin/messages and the Inbox tab. */
  inbox: InboxService;
  /** The Posts tab's search, filters and pages. */
  postSearch: PostSearch;
  /** The public site's search over posts, industries and tags (src/server/search/). */
  search: SiteSearch;
  /** The Tags panel: counts, rename, merge, delete. */
  tags: TagService;
  /** The first-run setup link and /admin/setup (docs/decisions/016-first-run-setup-link.md). */
  setup: SetupService;
  /** Uploaded images in DATA_DIR/media (docs/architecture.md section 4). */
  media: MediaLibrary;
  /** The admin Media panel: where each image is used, and deleting an unused one. */
  mediaAdmin: MediaService;
  /** Who did what (docs/decisions/102-activity-log.md): the Activity tab, and every service that records. */
  activity: ActivityLog;
  /** Page views and leads (docs/decisions/106-analytics-without-cookies.md); absent with ANALYTICS=off. */
  analytics?: Analytics;
  /** The site's content: what pages show, the draft an editor previews, the Site tab's calls. */
  site: SiteService;
  /** Pages of blocks (src/server/pages/): /api/cms/pages, the public page route and the admin. */
  pages: PageService;
  /** Where an old address leads (docs/decisions/251-old-addresses-kept-as-redirects.md): asked only where the site would answer 404. */
  oldAddresses: { target(path: string, query?: URLSearchParams): Promise<string | undefined> };
  /** Logs an error met while answering a request, at most once a minute per cause (error-log.ts). */
  logError: ErrorLog;
};

/** Per request: the caller's address (Express resolves X-Forwarded-For only under TRUST_PROXY). */
export type RequestContext = AppContext & {
  clientIp: string;
  /**
   * A rendered page's Content-Security-Policy, allowing its inline scripts by their SHA-256
   * hashes (http/security-headers.ts); the entry sets it on the page's Response.
   */
  contentSecurityPolicy: (scriptHashes: readonly string[]) => string;
  /**
   * HTML for this document's markup only, by slot, kept out of the hydration data
   * (src/app/lib/document-html.tsx).
   */
  documentHtml: Map<string, string>;
  /**
   * Set by a loader that answers an editor's preview, which the Site tab shows in a frame of the
   * admin page: the entry then lets this site, and only it, frame the document.
   */
  framing: { sameOrigin: boolean };
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
