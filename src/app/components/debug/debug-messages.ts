/** The debug tools' labels and toasts (docs/product.md sections 2 and 8). */
export const DEBUG_MESSAGES = {
  title: "Blog Management",
  intro: "Every post, drafts included, with backup and restore.",
  loadFailed: { title: "Error Loading Posts", description: "Could not retrieve blog posts" },
  loadUnreachable: { title: "Error Loading Posts", description: "Network error while retrieving blog posts" },
  deletion: { failed: "Deletion Failed", error: "Deletion Error" },
  backup: { failed: "Backup Failed", error: "Backup Error" },
  restore: { failed: "Restore Failed", error: "Restore Error" },
  invalidId: { title: "Invalid ID", description: "Please enter a valid post ID" },
  deleted: (id: number) => ({ title: "Post deleted", description: `Post ${id} was moved to the Trash.` }),
  backedUp: (count: number, file: string) => ({
    title: "Backup created",
    description: `The whole site, ${plural(count, "post")} with it, saved to ${file}.`,
  }),
  restored: (message: string) => ({ title: "Restore complete", description: message }),
  noBackups: "No backups yet. Backup Now saves the whole site: posts, users, inbox, site content and images.",
  backupAllHint:
    "Saves the whole site (every post, drafts included, users, inbox, site content and images) as one backup.",
  confirmDelete: (title: string, id: number) => ({
    title: `Delete post ${id}?`,
    description: `"${title}" will be moved to the Trash, where an admin can restore it until it expires.`,
  }),
  restoreDialog: {
    title: "Restore from this backup?",
    intro:
      "Each kind of record shows what a restore would add, replace or leave alone. Nothing changes until you restore the kinds you tick.",
    legend: "What to restore",
    loading: "Reading the backup...",
    none: "Not in this backup.",
    confirm: (count: number) => (count === 1 ? "Restore 1 kind" : `Restore ${count} kinds`),
  },
  confirmRestore: {
    title: "Restore from this backup?",
    description:
      "Posts in the backup that are missing from the blog are added back. Posts that still exist are left as they are.",
  },
} as const;
import { plural } from "~/shared/plural";
