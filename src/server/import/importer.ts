import type { Store } from "~/server/records/store";
import { emptyReport, IMPORT_MESSAGES, type ImportFormat, type ImportItem, type ImportReport } from "~/shared/import";
import { MIN_CONTENT_LENGTH } from "~/shared/schemas";
import { decodeEntities } from "~/shared/embeds";
import { cleanContent, finishContent, type ContentContext } from "./clean-content";
import { readGhost } from "./ghost";
import { sanitizeBlocks } from "~/server/pages/sanitize-blocks";
import type { ImportBatch, ImportedAuthor, ImportedPage, ImportedPost } from "./import-changes";
import type { ImageStore } from "./import-images";
import type { PendingLinks } from "./record-links";
import type { BrokenItem, SourceExport, SourcePost } from "./source";
import { readWordPress } from "./wordpress";
import { readWxr } from "./wxr-reader";

/**
 * An import from WordPress or Ghost (docs/operations.md "Moving from WordPress or Ghost"): the
 * export read as a stream, each post cleaned (clean-content.ts), its images stored
 * (import-images.ts), and every `batchSize` posts written as one change of the store, so a run
 * killed part way leaves whole batches and the next run finishes the job
 * (docs/decisions/250-imports-in-journalled-batches.md). A link to a post or a page of a later batch
 * is made its address by one last write (docs/decisions/265-links-between-imported-records.md).
 * A dry run works the same way, storing no image and committing nothing: each batch is what the
 * store would do with it now.
 */
export type ImportRun = {
  store: Store;
  format: ImportFormat;
  file: string;
  /** How the file is named in messages (the upload's name, or the path given). */
  label?: string;
  dryRun: boolean;
  /** Absent in a dry run: images are then left where they are. */
  images?: ImageStore;
  batchSize?: number;
  /** Called after each batch is written, with the report so far: the command line's progress. */
  onBatch?: (report: ImportReport) => void;
};

export const DEFAULT_BATCH_SIZE = 100;
/** Generated summaries: the text's start, cut at a word. */
const SUMMARY_LENGTH = 200;
/** Images of one post fetched at once. */
const IMAGES_AT_ONCE = 4;

export function readExport(format: ImportFormat, file: string, label: string): Promise<SourceExport> {
  return format === "wordpress" ? readWordPress(file, label) : readGhost(file, label);
}

/**
 * Throws ImportFileError unless the file starts as the export it is said to be: WordPress's root
 * element, or Ghost's JSON. Reads no further than it must, so a refusal is quick.
 */
export async function checkExport(format: ImportFormat, file: string, label: string): Promise<void> {
  if (format === "ghost") {
    await readGhost(file, label);
    return;
  }
  const events = readWxr(file, label);
  await events.next();
  await events.return(undefined);
}

export async function runImport(run: ImportRun): Promise<ImportReport> {
  const { store, format, file, dryRun, images, batchSize = DEFAULT_BATCH_SIZE } = run;
  const report = emptyReport(format, dryRun);
  const source = await readExport(format, file, run.label ?? file);
  // Across a dry run's batches, which each see the store as it is: a tag or author counted once.
  const tagsSeen = new Set<string>();
  const authorsSeen = new Set<string>();
  const emptyBatch = () =>
    ({ authors: [], posts: [], pages: [] as ImportedPage[], redirects: [] }) satisfies ImportBatch;
  let batch: Required<Omit<ImportBatch, "relink">> = emptyBatch();
  let pending: ImportItem[] = [];
  // Records written with a link to a post or a page not written yet: small (a source and its links).
  const pendingLinks: PendingLinks[] = [];

  const flush = async () => {
    if (batch.posts.length === 0 && batch.pages.length === 0 && batch.redirects.length === 0) return;
    const outcome = dryRun ? await store.previewImportBatch(batch) : await store.importBatch(batch);
    const bySource = new Map(outcome.posts.map((p) => [p.source, p]));
    const pageBySource = new Map(outcome.pages.map((p) => [p.source, p]));
    for (const item of pending) {
      const done = bySource.get(item.source);
      if (done) {
        item.action = done.action;
        item.slug = done.slug;
        if (done.wanted) item.notes = [...(item.notes ?? []), IMPORT_MESSAGES.slugTaken(done.slug, done.wanted)];
        report.posts[COUNTED[done.action]]++;
      }
      const page = pageBySource.get(item.source);
      if (page) {
        item.action = page.action;
        item.path = page.path;
        if (page.wanted) item.notes = [...(item.notes ?? []), IMPORT_MESSAGES.pagePathTaken(page.path, page.wanted)];
        report.pages[COUNTED[page.action]]++;
      }
      report.items.push(item);
    }
    for (const slug of outcome.tagsCreated) tagsSeen.add(slug);
    for (const author of outcome.authorsCreated) authorsSeen.add(author);
    report.tags.created = tagsSeen.size;
    report.authors.created = authorsSeen.size;
    report.redirects.added += outcome.redirectsAdded;
    if (!dryRun) pendingLinks.push(...outcome.pendingLinks);
    batch = emptyBatch();
    pending = [];
    run.onBatch?.(report);
  };

  for await (const entry of source.items) {
    if ("broken" in entry) {
      report.posts.skipped++;
      report.items.push(skipped(entry, IMPORT_MESSAGES.brokenItem(entry.broken)));
      continue;
    }
    if (entry.skip) {
      report.posts.skipped++;
      report.items.push(skipped(entry, entry.skip));
      continue;
    }
    const { post, notes: said, stored, failed } = await preparePost(entry, source.context, images);
    report.images.stored += stored;
    report.images.failed += failed;
    if (entry.page) {
      // A page of one rich-text block, its old addresses leading to its path (docs/decisions/256-imported-pages-as-block-pages.md).
      batch.pages.push(pageOf(post));
      for (const path of entry.oldPaths) batch.redirects.push({ path, page: entry.source, source: entry.source });
    } else {
      batch.posts.push(post);
      for (const path of entry.oldPaths) batch.redirects.push({ path, post: entry.source, source: entry.source });
    }
    for (const author of entry.authors) addAuthor(batch.authors, author);
    // A page has no summary, so none was made of its text.
    const notes = entry.page ? said.filter((n) => n !== IMPORT_MESSAGES.generatedSummary) : said;
    pending.push({ source: entry.source, title: entry.title, action: "create", ...(notes.length && { notes }) });
    if (batch.posts.length + batch.pages.length >= batchSize) await flush();
  }
  await flush();
  // A kill before this write leaves those links at the addresses cleaning gave them; the next run,
  // finding every record written, makes them right as it compares the records.
  if (pendingLinks.length) await store.importBatch({ authors: [], posts: [], redirects: [], relink: pendingLinks });
  return report;
}

const COUNTED = { create: "created", update: "updated", unchanged: "unchanged" } as const;

/** A page's content as its one rich-text block, through the pages' sanitizer as every page write is. */
function pageOf(post: ImportedPost): ImportedPage {
  const blocks = sanitizeBlocks([{ id: "text", type: "richText", html: post.content }]);
  const { source, title, slug, authors, state, createdAt, updatedAt, publishedAt, links } = post;
  return {
    source,
    title,
    slug,
    blocks,
    authors,
    state,
    createdAt,
    updatedAt,
    ...(publishedAt && { publishedAt }),
    ...(links && { links }),
  };
}

const skipped = (entry: SourcePost | BrokenItem, why: string): ImportItem => ({
  source: entry.source,
  title: entry.title,
  action: "skip",
  notes: [why],
});

function addAuthor(list: ImportedAuthor[], author: ImportedAuthor) {
  if (!list.some((a) => a.source === author.source)) list.push(author);
}

/** A post cleaned, its images stored, and what the report says of it. */
async function preparePost(entry: SourcePost, context: ContentContext, images: ImageStore | undefined) {
  const notes = [...entry.notes];
  const cleaned = cleanContent(entry.html, context);
  notes.push(...cleaned.problems);
  const storedUrls = new Map<string, string>();
  let stored = 0;
  let failed = 0;
  const wanted = [...cleaned.images, ...(entry.cover ? [entry.cover.url] : [])];
  if (images) {
    for (let i = 0; i < wanted.length; i += IMAGES_AT_ONCE) {
      const outcomes = await Promise.all(wanted.slice(i, i + IMAGES_AT_ONCE).map((url) => images.store(url)));
      outcomes.forEach((outcome, j) => {
        const url = wanted[i + j]!;
        if ("url" in outcome) {
          storedUrls.set(url, outcome.url);
          stored++;
        } else {
          notes.push(IMPORT_MESSAGES.imageFailed(url, outcome.error));
          failed++;
        }
      });
    }
  }
  const content = finishContent(cleaned.html, storedUrls, context);
  const text = textOf(content);
  let summary = textOf(entry.excerpt);
  if (!summary && text) {
    summary = cut(text, SUMMARY_LENGTH);
    notes.push(IMPORT_MESSAGES.generatedSummary);
  }
  if (!entry.title) notes.push(IMPORT_MESSAGES.noTitle);
  if (!text && !/<(?:img|iframe)\b/i.test(content)) notes.push(IMPORT_MESSAGES.noText);
  else if (text.length < MIN_CONTENT_LENGTH) notes.push(IMPORT_MESSAGES.shortText);
  const cover = entry.cover && (storedUrls.get(entry.cover.url) ?? (images ? undefined : entry.cover.url));
  const post: ImportedPost = {
    source: entry.source,
    title: entry.title,
    slug: entry.slug,
    summary: cut(summary, 1000),
    content,
    ...(cover && { cover }),
    tags: entry.tags,
    authors: entry.authors.map((a) => a.source),
    state: entry.state,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    ...(entry.publishedAt && { publishedAt: entry.publishedAt }),
    ...(cleaned.links.length && { links: cleaned.links }),
  };
  return { post, notes, stored, failed };
}

/** The words of some HTML: tags left out, character references read, spaces collapsed. */
function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, " ").replace(/&nbsp;/gi, " "))
    .replace(/\s+/g, " ")
    .trim();
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const at = text.lastIndexOf(" ", max - 1);
  return `${text.slice(0, at > max / 2 ? at : max - 1)}…`;
}
