import type { Store } from "~/server/records/store";
import type { Redirect } from "~/server/store/types";
import { redirectKey } from "~/shared/redirects";

/**
 * Where an old address leads, or undefined (docs/decisions/251-old-addresses-kept-as-redirects.md).
 * Asked only where the site would otherwise answer 404 (the not-found route), and for the home
 * page only when its query names `p` or `page_id` (old-home-query.ts), so a page that is not a
 * redirect never pays for it. First the stored redirects (an import's and the admin's), by
 * `redirectKey`; then the address forms WordPress and Ghost share, each only when what it names
 * exists here: `/feed/` (the RSS feed), `/category/x/` and `/tag/x/` (the tag's blog page),
 * `/author/x/` (the author's page), and `/YYYY/MM/DD/slug/`, `/YYYY/MM/slug/` and `/slug/` (a
 * published post with that slug).
 */
export async function findRedirect(store: Store, path: string, query?: URLSearchParams): Promise<string | undefined> {
  const key = redirectKey(path, query);
  const stored = byPath(await store.listRedirectsShared()).get(key);
  if (stored) return stored.target;
  if (key.includes("?")) return undefined;
  const parts = key.split("/").filter(Boolean);
  let segments: string[];
  try {
    segments = parts.map((p) => decodeURIComponent(p));
  } catch {
    return undefined;
  }
  const [first, ...rest] = segments;
  if (first === undefined) return undefined;
  if (first === "feed" && rest.length <= 1) return "/rss.xml";
  if ((first === "category" || first === "tag") && rest.length >= 1) {
    const slug = rest.at(-1)!;
    const tag = (await store.listTags()).find((t) => t.slug === slug) ?? (await store.resolveTagRedirect(slug));
    return tag ? `/blog?tag=${encodeURIComponent(tag.slug)}` : undefined;
  }
  if (first === "author" && rest.length === 1) {
    const user = await store.getUserByUsername(rest[0]!);
    return user ? `/blog/author/${encodeURIComponent(user.username)}` : undefined;
  }
  const slug = postSlugOf(segments);
  if (slug === undefined) return undefined;
  const post = await store.getPostBySlug(slug);
  return post?.published ? `/blog/${encodeURIComponent(post.slug)}` : undefined;
}

/** The slug of `/slug`, `/YYYY/MM/slug` or `/YYYY/MM/DD/slug`. */
function postSlugOf(segments: string[]): string | undefined {
  if (segments.length === 1) return segments[0];
  const dated = segments.slice(0, -1);
  const shapes = [/^\d{4}$/, /^\d{2}$/, /^\d{2}$/];
  if (dated.length > 3 || !dated.every((s, i) => shapes[i]!.test(s))) return undefined;
  return dated.length >= 2 ? segments.at(-1) : undefined;
}

/** Indexed once per list: the store answers the very same array until a redirect is written. */
const indexes = new WeakMap<readonly Redirect[], Map<string, Redirect>>();
function byPath(list: readonly Redirect[]): Map<string, Redirect> {
  let index = indexes.get(list);
  if (!index) indexes.set(list, (index = new Map(list.map((r) => [r.path, r]))));
  return index;
}
