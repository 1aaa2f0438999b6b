import { roleNames, rolesThatMay } from "~/shared/permissions";
import { FORM_ERRORS } from "~/shared/schemas";

/** Every toast and label of the admin CMS (docs/product.md sections 2 and 8), exactly as written there. */
export const ADMIN_MESSAGES = {
  pageTitle: "Admin CMS",
  signInTitle: "Sign in to the CMS",
  signInIntro: "Writers and admins manage the blog here.",
  loginSuccess: { title: "Login successful", description: "Welcome to the CMS!" },
  loginFailed: { title: "Login failed", fallback: "Please check your credentials and try again" },
  loggedOut: { title: "Logged out successfully" },
  roleFallback: "User",
  loggedInAs: (username: string) => `Logged in as ${username}`,

  postsCardTitle: "All Blog Posts",
  postsHint: "Manage your blog posts. Click on a post to edit.",
  postsEmpty: "No posts found. Create your first post!",
  postsLoading: "Loading posts...",
  loadFailed: { title: "Failed to load posts", description: "Could not retrieve blog posts" },
  openFailed: "Could not open the post. Please try again.",
  loadError: { title: "Error loading posts", description: "Network error while retrieving blog posts" },

  createHeading: "Create New Blog Post",
  editHeading: "Edit Blog Post",
  /** The save button's label while its save is on the way: creating a post, or updating one. */
  creating: "Creating...",
  updating: "Updating...",
  updatePost: "Update Post",
  created: {
    title: "Post created successfully",
    description: "Your post has been published and is now visible on the blog",
  },
  // A new post is a draft until published (docs/decisions/101-drafts-until-published.md), and says so.
  createdDraft: {
    title: "Post created successfully",
    description: "Your draft is saved. It stays off the blog until you publish it.",
  },
  updated: { title: "Post updated successfully" },
  /** Who wrote a post and who saved it last; a post from before these were kept shows neither. */
  createdBy: (name: string) => `Created by ${name}`,
  authorsLabel: "Authors",
  authorsLoading: "Loading users...",
  authorsDefault: "None ticked: a new post is yours, and a post without authors is signed by the team.",
  authorId: (id: number) => `User ${id}`,
  updatedBy: (name: string) => `Last saved by ${name}`,
  // Deleting moves the post to the Trash (docs/decisions/097-deleted-posts-go-to-a-trash.md), so the toast says so and offers Undo.
  deleted: { title: "Post deleted successfully", description: "The post was moved to the Trash" },
  createFailed: {
    title: "Failed to create post",
    withStatus: (status: number, body: string) => `Failed to create post (${status}): ${body}`,
    fallback: "Please check your data and try again",
  },
  updateFailed: (status?: number) => (status ? `Failed to update post (${status})` : "Failed to update post"),
  deleteFailed: (status?: number) => (status ? `Failed to delete post (${status})` : "Failed to delete post"),
  formErrors: FORM_ERRORS,
  deleteConfirm: {
    title: "Delete this post?",
    // Who may restore is read from the permission table, so the dialog cannot promise the wrong people.
    description: (title: string) =>
      `"${title}" will be removed from the blog and kept in the Trash, where ` +
      `${roleNames(rolesThatMay("trash.manage"))} can restore it.`,
    action: "Delete",
  },
} as const;
