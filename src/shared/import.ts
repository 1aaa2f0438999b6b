/**
 * Moving in from WordPress or Ghost (docs/operations.md "Moving from WordPress or Ghost"): the
 * report an import or its dry run gives, and every message it holds, shared by the command line,
 * the API and the Import screen.
 */
export const IMPORT_FORMATS = ["wordpress", "ghost"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What became of one item of the export: a post created or updated, one already as it is, or an item left out. */
export type ImportAction = "create" | "update" | "unchanged" | "skip";

export type ImportItem = {
  /** Its id in the export: "wordpress:12", "ghost:5f3a...". */
  source: string;
  title: string;
  action: ImportAction;
  /** Its address here, for a post. */
  slug?: string;
  /** Its path here, for a page ("/about"). */
  path?: string;
  /** Why it was left out, or what was changed or could not come across. */
  notes?: string[];
};

export type ImportReport = {
  format: ImportFormat;
  dryRun: boolean;
  posts: { created: number; updated: number; unchanged: number; skipped: number };
  /** WordPress's and Ghost's pages, each a page of one rich-text block (docs/decisions/256-imported-pages-as-block-pages.md). */
  pages: { created: number; updated: number; unchanged: number };
  tags: { created: number };
  authors: { created: number };
  images: { stored: number; failed: number };
  redirects: { added: number };
  items: ImportItem[];
};

export const emptyReport = (format: ImportFormat, dryRun: boolean): ImportReport => ({
  format,
  dryRun,
  posts: { created: 0, updated: 0, unchanged: 0, skipped: 0 },
  pages: { created: 0, updated: 0, unchanged: 0 },
  tags: { created: 0 },
  authors: { created: 0 },
  images: { stored: 0, failed: 0 },
  redirects: { added: 0 },
  items: [],
});

/** The largest export the admin's upload takes; the command line reads any size. */
export const IMPORT_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const IMPORT_MESSAGES = {
  notWordPress: (label: string) =>
    `${label} is not a WordPress export (WXR): it needs an <rss> document with the WordPress export namespace. Nothing was changed.`,
  notGhost: (label: string) =>
    `${label} is not a Ghost export: it needs the JSON Ghost's Settings > Labs > Export writes, with "db" and its "posts". Nothing was changed.`,
  badXml: (label: string, detail: string) =>
    `${label} is not well-formed XML (${detail}), so it is cut off or damaged. Nothing more was changed.`,
  unknownFormat: (given: string) => `"${given}" is not an import format: use wordpress or ghost.`,
  noFile: (file: string) => `There is no file at ${file}.`,
  noMediaDir: (dir: string) => `There is no folder at ${dir}.`,
  formatRequired: "Choose what the file is: a WordPress export (.xml) or a Ghost export (.json).",
  fileRequired: "Choose the export file to import.",
  tooLarge: `The export is larger than ${IMPORT_UPLOAD_MAX_BYTES / 1024 / 1024} MB; import it with the command line (docs/operations.md).`,
  // Items left out, each with its reason.
  typeSkipped: (type: string) => `a "${type}", which is not a post`,
  statusSkipped: (status: string) => `its status "${status}" is not one that is imported`,
  brokenItem: (detail: string) => `could not be read: ${detail}`,
  // What an imported post's report says about it.
  passwordProtected: "password-protected, so it came across as a draft",
  privatePost: "private, so it came across as a draft",
  noTitle: 'no title: its page shows "Untitled Post" until one is given',
  noText: "no text",
  shortText: "a very short text, shorter than the editor asks for",
  generatedSummary: "no excerpt: its summary was made from its text",
  pagePathTaken: (path: string, given: string) =>
    `its path ${given} is already an address of the site or another page's, so it is ${path}`,
  slugTaken: (slug: string, given: string) => `its slug "${given}" was taken here, so it is "${slug}"`,
  unknownShortcode: (name: string) => `the shortcode [${name}] was removed (its text kept)`,
  iframeRemoved: (src: string) => `an embed that is not a YouTube or Vimeo video was removed (${src || "no address"})`,
  imageFailed: (url: string, why: string) => `the image ${url} could not be stored (${why}); it keeps its old address`,
  // Why a download failed, in imageFailed.
  imageTooSlow: (ms: number) => `no answer within ${ms} ms`,
  imageTooLarge: (bytes: number) => `larger than ${bytes / 1024 / 1024} MB`,
  // The command line's summary.
  summary: (r: ImportReport) =>
    [
      `${r.dryRun ? "Would create" : "Created"} ${plural(r.posts.created, "post")}, ${r.dryRun ? "update" : "updated"} ${r.posts.updated}, left ${r.posts.unchanged} as they were, skipped ${r.posts.skipped}.`,
      `${r.dryRun ? "Would create" : "Created"} ${plural(r.pages.created, "page")}, ${r.dryRun ? "update" : "updated"} ${r.pages.updated}, left ${r.pages.unchanged} as they were.`,
      `${r.dryRun ? "Would add" : "Added"} ${plural(r.tags.created, "tag")}, ${plural(r.authors.created, "author")} and ${plural(r.redirects.added, "redirect")}; ${plural(r.images.stored, "image")} stored, ${r.images.failed} failed.`,
      r.dryRun ? "Dry run: nothing was written." : "",
    ]
      .filter(Boolean)
      .join("\n"),
} as const;

export const IMPORT_SCREEN = {
  tab: "Import",
  heading: "Import from WordPress or Ghost",
  intro:
    "Bring in the posts, pages, tags, authors and images of a WordPress export (Tools > Export, .xml) or a Ghost export (Settings > Labs > Export, .json). Check the dry run first; importing again later updates what changed and creates nothing twice.",
  format: "Export from",
  wordpress: "WordPress (.xml)",
  ghost: "Ghost (.json)",
  file: "Export file",
  dryRun: "Check (dry run)",
  run: "Import",
  running: "Working…",
  dryRunDone: "Dry run: nothing was written. Import when the report looks right.",
  done: "Imported.",
  action: { create: "Create", update: "Update", unchanged: "Unchanged", skip: "Skip" } as Record<ImportAction, string>,
  items: "Items",
  notes: "Notes",
  summaryHeading: "Report",
  failed: { failed: "Import failed", error: "Import error" },
} as const;
