import fs from "node:fs/promises";
import { IMPORT_MESSAGES } from "~/shared/import";
import { slugify } from "~/shared/slug";
import type { ContentContext } from "./clean-content";
import type { ImportedAuthor, ImportedState, ImportedTag } from "./import-changes";
import { ImportFileError } from "./import-errors";
import type { RecordLink } from "./record-links";
import { utc, type BrokenItem, type SourceExport, type SourcePost } from "./source";

/**
 * A Ghost export (Ghost 4, 5 and 6: Settings > Labs > Export), JSON with `db[0].data` holding
 * posts, tags, users and the tables joining them. Ghost writes links and images to its own site as
 * `__GHOST_URL__/...`, read here as addresses on GHOST_ORIGIN, which a download cannot reach:
 * its images come from `--media-dir` (a copy of `content/images`). Statuses published, scheduled
 * and draft keep their meaning; a post for members only becomes a draft, never public.
 */
export const GHOST_ORIGIN = "https://ghost-site.invalid";

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : "");
const rows = (v: unknown): Row[] => (Array.isArray(v) ? v.filter((r): r is Row => !!r && typeof r === "object") : []);

const STATES: Record<string, ImportedState> = {
  published: "published",
  scheduled: "scheduled",
  draft: "draft",
  sent: "published",
};

export async function readGhost(file: string, label: string): Promise<SourceExport> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await fs.readFile(file, "utf8"));
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.notGhost(label));
  }
  const root = parsed as { db?: { data?: Row }[]; data?: Row };
  const data = root?.db?.[0]?.data ?? root?.data;
  if (!data || typeof data !== "object" || !Array.isArray(data.posts))
    throw new ImportFileError(IMPORT_MESSAGES.notGhost(label));

  const users = new Map(
    rows(data.users).map((u) => {
      const author: ImportedAuthor = {
        source: `ghost:author:${str(u.id)}`,
        username: str(u.slug) || str(u.name) || "author",
        ...(str(u.name) && { displayName: str(u.name) }),
        ...(str(u.email) && { email: str(u.email) }),
      };
      return [str(u.id), author] as const;
    }),
  );
  // Ghost's internal tags (#name) organise its themes, not readers.
  const tags = new Map(
    rows(data.tags)
      .filter((t) => !str(t.name).startsWith("#") && str(t.visibility) !== "internal")
      .map((t) => [str(t.id), { name: str(t.name), slug: str(t.slug) || slugify(str(t.name)) }]),
  );
  const joined = (table: unknown, key: string) => {
    const out = new Map<string, Row[]>();
    for (const r of rows(table)) out.set(str(r.post_id), [...(out.get(str(r.post_id)) ?? []), r]);
    for (const list of out.values()) list.sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0));
    return (postId: string) => (out.get(postId) ?? []).map((r) => str(r[key]));
  };
  const postTags = joined(data.posts_tags, "tag_id");
  const postAuthors = joined(data.posts_authors, "author_id");
  const metaOf = new Map(rows(data.posts_meta).map((m) => [str(m.post_id), m]));
  // Posts and pages by slug, for links between them: a post's address as its slug makes it, a
  // page's old path here; the batch's write makes either exact (record-links.ts).
  const bySlug = new Map<string, RecordLink>();
  for (const p of rows(data.posts)) {
    const type = str(p.type) || "post";
    const slug = str(p.slug);
    if (!slug || !str(p.id) || (type !== "post" && type !== "page")) continue;
    const href = type === "post" ? `/blog/${encodeURIComponent(slug)}` : `/${encodeURIComponent(slug)}`;
    bySlug.set(slug, { source: `ghost:${str(p.id)}`, href });
  }

  const context: ContentContext = {
    origins: [GHOST_ORIGIN],
    linkTarget: (path) => {
      const trimmed = path.replace(/\/+$/, "");
      const tag = /^\/tag\/([^/]+)$/.exec(trimmed);
      if (tag) return `/blog?tag=${encodeURIComponent(tag[1]!)}`;
      const slug = /^\/([^/]+)$/.exec(trimmed)?.[1];
      try {
        return slug === undefined ? undefined : bySlug.get(decodeURIComponent(slug));
      } catch {
        return undefined; // a malformed %-escape: no slug of the export
      }
    },
  };

  function* items(): Generator<SourcePost | BrokenItem> {
    for (const post of rows(data!.posts)) {
      const id = str(post.id);
      try {
        if (!id) throw new Error("it has no id");
        yield postOf(post, {
          tags: postTags(id)
            .map((t) => tags.get(t))
            .filter((t) => t !== undefined),
          authors: (postAuthors(id).length ? postAuthors(id) : [str(post.author_id)])
            .map((a) => users.get(a))
            .filter((a) => a !== undefined),
          meta: metaOf.get(id),
        });
      } catch (error) {
        yield {
          source: `ghost:${id || "?"}`,
          title: str(post.title),
          broken: error instanceof Error ? error.message : String(error),
        };
      }
    }
  }
  return { context, items: items() };
}

const withOrigin = (text: string) => text.replaceAll("__GHOST_URL__", GHOST_ORIGIN);

function postOf(post: Row, joined: { tags: ImportedTag[]; authors: ImportedAuthor[]; meta?: Row }): SourcePost {
  const id = str(post.id);
  const type = str(post.type) || "post";
  const status = str(post.status);
  const title = str(post.title).trim();
  const notes: string[] = [];
  let state = STATES[status];
  let skip: string | undefined;
  if (type !== "post" && type !== "page") skip = IMPORT_MESSAGES.typeSkipped(type);
  else if (!state) skip = IMPORT_MESSAGES.statusSkipped(status);
  const visibility = str(post.visibility) || "public";
  if (visibility !== "public" && state && state !== "draft") {
    state = "draft";
    notes.push(IMPORT_MESSAGES.passwordProtected);
  }
  const createdAt = utc(str(post.created_at)) ?? new Date().toISOString();
  const publishedAt = utc(str(post.published_at));
  const updatedAt = utc(str(post.updated_at)) ?? createdAt;
  const html = str(post.html) || (str(post.plaintext) ? `<p>${str(post.plaintext)}</p>` : "");
  const image = withOrigin(str(post.feature_image));
  const slug = str(post.slug) || slugify(title) || `post-${id}`;
  return {
    source: `ghost:${id}`,
    title,
    slug,
    html: withOrigin(html).replace(/<!--\s*kg-card-(?:begin|end):[^>]*-->/g, ""),
    excerpt: str(post.custom_excerpt),
    ...(type === "page" && { page: true }),
    ...(skip && { skip }),
    state: state ?? "draft",
    notes,
    createdAt: publishedAt && publishedAt < createdAt ? publishedAt : createdAt,
    updatedAt,
    ...(publishedAt && (state === "published" || state === "scheduled") && { publishedAt }),
    authors: joined.authors,
    tags: joined.tags,
    ...(image && { cover: { url: image, alt: str(joined.meta?.feature_image_alt ?? post.feature_image_alt) } }),
    oldPaths: [`/${slug}`],
  };
}
