import { PAGES_SHOWN } from "~/server/pages/page-shown";
import { POSTS_SHOWN } from "~/server/posts/post-shown";
import { SITE_SHOWN } from "~/server/site/site-topics";
import { TAGS_SHOWN } from "~/server/tags/tag-shown";
import { PROFILES_SHOWN } from "~/server/users/profile-shown";
import type { AnyShownKind } from "./shown-kind";

/** Every kind of record public pages show, each declared by its feature (shown-kind.ts). */
export const SHOWN_KINDS: readonly AnyShownKind[] = [POSTS_SHOWN, TAGS_SHOWN, PROFILES_SHOWN, SITE_SHOWN, PAGES_SHOWN];
