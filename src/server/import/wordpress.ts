import { IMPORT_MESSAGES } from "~/shared/import";
import { slugify } from "~/shared/slug";
import type { ContentContext } from "./clean-content";
import type { RecordLink } from "./record-links";
import type { ImportedAuthor, ImportedState } from "./import-changes";
import { oldPathOf, utc, type BrokenItem, type SourceExport, type SourcePost } from "./source";
import { readWxr, type WxrChannel, type WxrItem } from "./wxr-reader";

/**
 * A WordPress export (WXR) as the importer takes it. Read twice, each time as a stream: first for
 * the index of what links and images need (each item's id, type, slug and address, each
 * attachment's file and alt text), then item by item for the posts themselves, so memory holds
 * the index and one batch, never the document.
 *
 * Statuses: publish, future, draft, pending and private become published, scheduled, draft, review
 * and draft; a password-protected post becomes a draft, never public. Pages and other types are
 * left out and reported (docs/decisions/252-pages-and-authors-of-an-import.md).
 */
const STATES: Record<string, ImportedState> = {
  publish: "published",
  future: "scheduled",
  draft: "draft",
  pending: "review",
  private: "draft",
};

type Indexed = { type: string; slug: string; link?: string; status: string };
type Attachment = { url: string; alt: string };

export async function readWordPress(file: string, label: string): Promise<SourceExport> {
  const index = new Map<string, Indexed>();
  const attachments = new Map<string, Attachment>();
  let channel: WxrChannel | undefined;
  for await (const event of readWxr(file, label)) {
    if (event.kind === "channel") {
      channel = event.channel;
      continue;
    }
    const { fields, meta } = event.item;
    const id = fields["wp:post_id"]?.trim();
    if (!id) continue;
    const type = fields["wp:post_type"]?.trim() ?? "post";
    if (type === "attachment") {
      const url = fields["wp:attachment_url"]?.trim() || fields.guid?.trim() || "";
      attachments.set(id, { url, alt: meta._wp_attachment_image_alt ?? "" });
    }
    index.set(id, {
      type,
      slug: fields["wp:post_name"]?.trim() || slugify(fields.title ?? "") || id,
      link: fields.link?.trim(),
      status: fields["wp:status"]?.trim() ?? "",
    });
  }
  const ch = channel ?? { fields: {}, authors: [], categories: [], tags: [] };
  const origins = [ch.fields["wp:base_site_url"], ch.fields["wp:base_blog_url"], ch.fields.link]
    .map((u) => originOf(u))
    .filter((o, i, all): o is string => !!o && all.indexOf(o) === i);

  const byPath = new Map<string, string>();
  for (const [id, entry] of index) {
    const path = oldPathOf(entry.link, origins);
    if (path) byPath.set(path, id);
  }
  // A post's or a page's link, by its id: the post's address as its slug makes it, the page's
  // `/?page_id=` (which leads to it once it is written); the batch's write makes either exact
  // (record-links.ts).
  const recordLink = (id: string | undefined): RecordLink | undefined => {
    const entry = id === undefined ? undefined : index.get(id);
    const source = `wordpress:${id}`;
    if (entry?.type === "post")
      return { source, href: `/blog/${encodeURIComponent(slugify(entry.slug) || entry.slug)}` };
    return entry?.type === "page" ? { source, href: `/?page_id=${id}` } : undefined;
  };
  const context: ContentContext = {
    origins,
    linkTarget: (path, query) => {
      const p = query.get("p") ?? query.get("page_id") ?? undefined;
      if (path === "/" && p) return recordLink(p) ?? "/";
      const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
      const term = /^\/(?:category|tag)\/(?:.*\/)?([^/]+)$/.exec(trimmed);
      if (term) return `/blog?tag=${encodeURIComponent(slugify(decodeURIComponent(term[1]!)))}`;
      return recordLink(byPath.get(trimmed));
    },
    attachment: (id) => attachments.get(id),
  };

  const authors = new Map(
    ch.authors.map((a) => {
      const login = (a["wp:author_login"] ?? "").trim();
      const author: ImportedAuthor = {
        source: `wordpress:author:${login}`,
        username: login,
        ...(a["wp:author_display_name"]?.trim() && { displayName: a["wp:author_display_name"].trim() }),
        ...(a["wp:author_email"]?.trim() && { email: a["wp:author_email"].trim() }),
      };
      return [login, author] as const;
    }),
  );

  async function* items(): AsyncGenerator<SourcePost | BrokenItem> {
    for await (const event of readWxr(file, label)) {
      if (event.kind !== "item") continue;
      try {
        const post = postOf(event.item, { authors, attachments, origins });
        if (post) yield post;
      } catch (error) {
        yield {
          source: `wordpress:${event.item.fields["wp:post_id"] ?? "?"}`,
          title: event.item.fields.title ?? "",
          broken: error instanceof Error ? error.message : String(error),
        };
      }
    }
  }
  return { context, items: items() };
}

function originOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url.trim()).origin : undefined;
  } catch {
    return undefined;
  }
}

function postOf(
  { fields, terms, meta }: WxrItem,
  known: { authors: Map<string, ImportedAuthor>; attachments: Map<string, Attachment>; origins: string[] },
): SourcePost | undefined {
  const id = fields["wp:post_id"]?.trim();
  if (!id || !/^\d+$/.test(id)) throw new Error("it has no wp:post_id");
  const type = fields["wp:post_type"]?.trim() || "post";
  // Attachments are the images posts use, not items of their own.
  if (type === "attachment") return undefined;
  const status = fields["wp:status"]?.trim() ?? "";
  const title = (fields.title ?? "").trim();
  const source = `wordpress:${id}`;
  const oldPath = oldPathOf(fields.link, known.origins);
  const notes: string[] = [];
  let skip: string | undefined;
  let state = STATES[status];
  if (type !== "post" && type !== "page") skip = IMPORT_MESSAGES.typeSkipped(type);
  else if (!state) skip = IMPORT_MESSAGES.statusSkipped(status);
  if (status === "private") notes.push(IMPORT_MESSAGES.privatePost);
  if (fields["wp:post_password"]?.trim() && state && state !== "draft") {
    state = "draft";
    notes.push(IMPORT_MESSAGES.passwordProtected);
  }
  const created = utc(fields["wp:post_date_gmt"]) ?? utc(fields["wp:post_date"]) ?? utc(fields.pubDate);
  const now = new Date().toISOString();
  const createdAt = created ?? now;
  const updatedAt = utc(fields["wp:post_modified_gmt"]) ?? utc(fields["wp:post_modified"]) ?? createdAt;
  const creator = (fields["dc:creator"] ?? "").trim();
  const author =
    known.authors.get(creator) ?? (creator ? { source: `wordpress:author:${creator}`, username: creator } : undefined);
  const thumbnail = meta._thumbnail_id ? known.attachments.get(meta._thumbnail_id.trim()) : undefined;
  const pageQuery = type === "page" ? `/?page_id=${id}` : `/?p=${id}`;
  return {
    source,
    title,
    slug: fields["wp:post_name"]?.trim() || slugify(title) || `post-${id}`,
    html: fields["content:encoded"] ?? "",
    excerpt: fields["excerpt:encoded"] ?? "",
    ...(type === "page" && { page: true }),
    ...(skip && { skip }),
    state: state ?? "draft",
    notes,
    createdAt,
    updatedAt: updatedAt < createdAt ? createdAt : updatedAt,
    ...(state === "published" || state === "scheduled" ? { publishedAt: createdAt } : {}),
    authors: author ? [author] : [],
    tags: terms
      .filter((t) => t.domain === "category" || t.domain === "post_tag")
      .filter((t) => t.slug !== "uncategorized")
      .map((t) => ({ name: t.name || t.slug, slug: t.slug || slugify(t.name) })),
    ...(thumbnail?.url && { cover: thumbnail }),
    oldPaths: [pageQuery, ...(oldPath ? [oldPath] : [])],
  };
}
