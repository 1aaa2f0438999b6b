/**
 * The data model of DESIGN.md section 4 and the Store interface every storage back-end implements.
 * The interface is async so a PostgreSQL store can stand in for the embedded JSON one later.
 */
import type { Role } from "../../shared/users";

export type { Role };

import type { Tag } from "../../shared/blog";

export type { Tag };

export type Post = {
  id: number;
  title: string;
  slug: string;
  /** Older posts may carry `excerpt` instead of `summary` (SPEC section 3): read it as the fallback. */
  summary: string;
  excerpt?: string;
  /** Sanitized HTML. */
  content: string;
  coverImage?: string;
  published: boolean;
  createdAt: string;
  updatedAt: string;
  tags: Tag[];
};

/** What a writer supplies; ids and timestamps are the store's. `tags` are tag names, created when new. */
export type PostInput = {
  title: string;
  slug: string;
  summary: string;
  content: string;
  coverImage?: string;
  published: boolean;
  tags?: string[];
};

export type User = {
  id: number;
  username: string;
  role: Role;
  /** `scrypt$N$r$p$salt$hash`, never sent to a client. */
  passwordHash: string;
  createdAt: string;
};

export type ContactMessage = {
  id: number;
  name: string;
  email: string;
  company?: string;
  industry?: string;
  message: string;
  ip: string;
  createdAt: string;
};

export type NewContactMessage = Omit<ContactMessage, "id" | "createdAt">;

/** What changed, so caches of rendered pages can be dropped (issue 7). */
export type ChangeKind = "posts" | "tags" | "users" | "messages";

/**
 * Records answered by reads and writes are deeply frozen and shared with the store, never copies:
 * cloning 10,000 posts on every list would cost more than rendering the page (DESIGN.md section 6).
 * Copy before changing one (`{ ...post }`, `structuredClone(post)`); changing it in place throws a
 * TypeError. Answered arrays are fresh, so callers may sort or filter them freely.
 */
export interface Store {
  /** Every post, newest first (by createdAt, then id). */
  listPosts(options?: { publishedOnly?: boolean }): Promise<Post[]>;
  getPostById(id: number): Promise<Post | undefined>;
  getPostBySlug(slug: string): Promise<Post | undefined>;
  /** Throws ConflictError when the slug is taken. */
  createPost(input: PostInput): Promise<Post>;
  /** Throws NotFoundError for a missing id and ConflictError for a slug another post has. */
  updatePost(id: number, input: Partial<PostInput>): Promise<Post>;
  /** Throws NotFoundError for a missing id; answers the removed post. */
  deletePost(id: number): Promise<Post>;
  /** Removes those of the ids that exist, in one write (purge); answers the removed posts. */
  deletePosts(ids: number[]): Promise<Post[]>;
  /** Adds back posts whose id is missing, keeping every field as given; answers what was added and skipped. */
  restorePosts(posts: Post[]): Promise<{ restored: number[]; skipped: number[] }>;

  /** Sorted by name. */
  listTags(): Promise<Tag[]>;
  /** Throws ConflictError when the slug is taken. */
  createTag(input: { name: string; slug: string }): Promise<Tag>;

  countUsers(): Promise<number>;
  getUserById(id: number): Promise<User | undefined>;
  /** Matches case-insensitively, as usernames are unique regardless of case. */
  getUserByUsername(username: string): Promise<User | undefined>;
  /** Throws ConflictError when the username is taken (case-insensitive). */
  createUser(input: Omit<User, "id" | "createdAt">): Promise<User>;

  addMessage(input: NewContactMessage): Promise<ContactMessage>;
  /** Newest first. */
  listMessages(): Promise<ContactMessage[]>;

  /**
   * Stores on a database server: one round trip, answering its milliseconds, for the health
   * report. Absent on the data folder's store, whose reads never leave the process.
   */
  ping?(): Promise<number>;

  /** Called after every committed write. Answers a function that unsubscribes. */
  onChange(listener: (kind: ChangeKind) => void): () => void;
  /** Waits for pending writes and releases the data folder. */
  close(): Promise<void>;
}
