/**
 * Every label and message of the six utility pages (docs/product.md sections 2, 5 and 8), in one place
 * (docs/architecture.md section 7): the words docs/product.md gives are exact, the rest is ours. Tests import these.
 */

/** Each page's title (its one h1) and the intro under it. */
export const TOOL_PAGES = {
  createPostDirect: {
    title: "Direct Blog Post Creation",
    intro: "Publish a post straight to the blog with the rich editor.",
  },
  emergencyPost: {
    title: "Emergency HTML Blog Post Creator",
    intro: "Builds a standalone HTML page from raw HTML, in this browser only. Nothing is sent to the server.",
  },
  deletePosts: {
    title: "Emergency Post Deletion",
    intro: "Delete one post by its ID; it waits in the Trash until it expires.",
  },
  deleteAllPosts: {
    title: "Delete ALL Blog Posts",
    intro: "Removes every post from the blog. A backup is taken first.",
  },
  testUpdate: {
    title: "Post Update Test Tool",
    intro: "Edit a post's fields and watch every step of the update in the log.",
  },
  directDelete: {
    title: "Test Post Removal Tool",
    intro: 'Removes every post with "test" in its title. A backup is taken first.',
  },
} as const;

/** Links and buttons more than one page shows. */
export const TOOL_LINKS = {
  home: "Home",
  returnHome: "Return Home",
  returnToHome: "Return to Home",
  backToAdmin: "Back to Admin",
} as const;

export const POST_LIST_MESSAGES = {
  heading: "Posts",
  loading: "Loading posts...",
  empty: "No posts found.",
  draft: "Draft",
  select: "Edit",
  useId: "Use ID",
} as const;

/** docs/product.md section 5, Direct creation page. */
export const DIRECT_CREATE_MESSAGES = {
  title: "Title",
  coverImage: "Thumbnail Image URL",
  summary: "Summary",
  content: "Content",
  clear: "Clear Form",
  publish: "Publish Post",
  publishing: "Publishing...",
  missing: { title: "Missing information", description: "Please fill in all required fields" },
  resultHeading: "Post published. Server response:",
  failed: "Failed to create post",
} as const;

/** docs/product.md sections 2 and 5, the HTML generator. */
export const HTML_GENERATOR_MESSAGES = {
  title: "Title",
  coverImage: "Thumbnail URL",
  summary: "Summary",
  content: "Content (raw HTML)",
  contentHint: "Pasted <iframe> embeds are wrapped in a responsive video container.",
  generate: "Generate HTML",
  output: "Generated HTML",
  copy: "Copy HTML",
  required: "Please fill in at least the title and content",
  copied: { title: "HTML copied", description: "The page is on your clipboard." },
  copyFailed: { title: "Copy failed", description: "Select the text in the box and copy it by hand." },
} as const;

/** docs/product.md sections 5 and 8, Delete by ID page and Delete tool. */
export const DELETE_BY_ID_MESSAGES = {
  postId: "Post ID",
  confirm: "Type DELETE to confirm",
  confirmWord: "DELETE",
  submit: "Delete Post",
  deleting: "Deleting...",
  noId: "No post ID specified",
  invalidId: "Invalid post ID",
  confirmRequired: { title: "Confirmation required", description: "Please type DELETE in the confirmation field" },
  failed: (status: number) => `Failed to delete post (${status})`,
  failedFallback: "Delete operation failed",
  networkError: "Error deleting post",
  deleted: (id: number) => ({
    title: "Post deleted successfully",
    description: `Post ID ${id} was moved to the Trash.`,
  }),
  deletedIds: "Deleted post IDs",
  failedIds: "Failed post IDs",
} as const;

/** docs/product.md section 8, Purge. */
export const PURGE_MESSAGES = {
  button: "Delete ALL Posts",
  working: "Deleting all posts...",
  warning: "This removes every post from the blog, published and draft, to the Trash.",
  first: {
    title: "Delete all blog posts?",
    description: "Every post on the blog, published or draft, will be removed. A backup of all posts is taken first.",
    action: "Continue",
  },
  second: {
    title: "Are you absolutely sure?",
    description:
      "Every post disappears from the blog at once. They wait in the Trash until it expires, and the backup taken first holds them too.",
    action: "Delete everything",
  },
  empty: { title: "No posts to delete", description: "The blog database is already empty." },
  complete: {
    title: "Operation Complete",
    description: (deleted: number, failed: number) => `Deleted ${deleted} posts, Failed to delete ${failed} posts`,
  },
  failed: "Operation Failed",
  errorHeading: "Error",
  allDeleted: "All posts have been deleted",
  backup: (file: string) => `A backup of the deleted posts was saved as ${file}.`,
} as const;

/** docs/product.md sections 5 and 8, Post Update Test Tool. */
export const TEST_UPDATE_MESSAGES = {
  formHeading: (id: number) => `Edit post #${id}`,
  noSelection: "Choose a post from the list to edit it.",
  title: "Title",
  slug: "Slug",
  summary: "Summary",
  coverImage: "Cover Image URL",
  content: "Content",
  submit: "Update Post",
  updating: "Updating...",
  cancel: "Cancel",
  logHeading: "Debug Log",
  clearLogs: "Clear Logs",
  logEmpty: "No log entries yet.",
  updated: { title: "Post updated successfully" },
  updateFailed: (status?: number) => (status ? `Failed to update post (${status})` : "Failed to update post"),
  log: {
    selected: (id: number, title: string) => `Selected post #${id}: "${title}"`,
    validating: "Validating form...",
    invalid: (problems: string) => `Validation failed: ${problems}`,
    valid: "Validation passed",
    sending: (id: number, published: boolean) => `Sending PUT /api/cms/update-post/${id} (published: ${published})`,
    succeeded: "Server answered OK",
    response: (json: string) => `Response: ${json}`,
    failedStatus: (status: number, message: string) => `Server answered ${status}: ${message}`,
    networkError: (message: string) => `Request failed: ${message}`,
    cancelled: "Edit cancelled",
  },
} as const;

/** docs/product.md section 8, Test removal. */
export const TEST_REMOVAL_MESSAGES = {
  button: "Remove Test Posts",
  working: "Removing...",
  succeeded: "Test posts removed",
  removedTitles: "Removed posts:",
  failed: "Failed to remove test posts",
  unknown: "Unknown error occurred",
  none: 'No post has "test" in its title, so there is nothing to remove.',
  confirmTitle: (count: number) => `Remove ${count} ${count === 1 ? "post" : "posts"}?`,
  confirmText: 'These posts have "test" in their titles. A backup of every post is taken first.',
  confirmAction: "Remove them",
} as const;
