import type { AuthService } from "./auth/auth-service";
import type { Sessions } from "./auth/session";
import type { BackupService } from "./backups/backup-service";
import type { BlogService } from "./blog";
import type { Config } from "./config";
import type { ContactService } from "./contact";
import type { HealthService } from "./health";
import type { PostService } from "./posts";
import type { Store } from "./store/types";

/**
 * What every loader and action receives as `context` (DESIGN.md section 7): the store and the
 * services built once by createApp. Route modules reach server state only through here, never
 * by importing it, so the same instances serve the /api routers and the pages.
 */
export type AppContext = {
  config: Config;
  store: Store;
  blog: BlogService;
  contact: ContactService;
  /** The write side of the blog (SPEC section 5 rules): /api/cms and the admin pages. */
  posts: PostService;
  /** Who is signed in: loaders call `sessions.userFromRequest(request)`. */
  sessions: Sessions;
  /** Sign-in, sessions (list, end) and accounts: /api/auth and the admin pages. */
  auth: AuthService;
  /** Backups, restore, purge and test-post removal (DESIGN.md section 4): /api/debug and the tool pages. */
  backups: BackupService;
  /** The health report of /api/public/health/database and /system/health (issue 5). */
  health: HealthService;
};

/** Per request: the caller's address (Express resolves X-Forwarded-For only under TRUST_PROXY). */
export type RequestContext = AppContext & {
  clientIp: string;
  /** Sets a rendered page's Content-Security-Policy, allowing its inline scripts by their SHA-256 hashes. */
  setPageScriptHashes: (hashes: readonly string[]) => void;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
