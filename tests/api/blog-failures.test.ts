import request from "supertest";
import { afterEach, beforeEach, expect, it } from "vitest";
import { BLOG_MESSAGES } from "~/shared/blog";
import { expectConsoleError } from "../helpers/fail-on-console-error";
import { makeTestApp } from "../helpers/test-app";

/**
 * docs/product.md section 8: when the posts cannot be read, the blog says so instead of breaking: the list
 * shows "Error loading blog posts" and a post "Unable to Load Blog Post" (the toasts that go
 * with them are shown by the browser; the server renders the message itself).
 */
let t: Awaited<ReturnType<typeof makeTestApp>>;
beforeEach(async () => {
  t = await makeTestApp({ seed: true });
  const broken = () => Promise.reject(new Error("the disk went away"));
  Object.assign(t.store, { listPosts: broken, publishedPosts: broken, getPostBySlug: broken });
  // React Router logs a loader that throws; that log is the point of these tests.
  expectConsoleError(/the disk went away/);
});
afterEach(() => t.close());

it("/blog answers 500 with the list's error message", async () => {
  const res = await request(t.app).get("/blog").expect(500);
  expect(res.text).toContain(BLOG_MESSAGES.listErrorTitle);
  expect(res.text).toContain(BLOG_MESSAGES.listErrorDescription);
  expect(res.text).not.toContain("the disk went away");
});

it("/blog/:slug answers 500 with Unable to Load Blog Post and a way back", async () => {
  const res = await request(t.app).get("/blog/anything").expect(500);
  expect(res.text).toContain(BLOG_MESSAGES.postErrorTitle);
  expect(res.text).toContain(BLOG_MESSAGES.postErrorText);
  expect(res.text).toContain(BLOG_MESSAGES.returnToBlog);
  expect(res.text).not.toContain("the disk went away");
});
