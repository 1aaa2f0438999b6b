import { HtmlValidate } from "html-validate";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { INDUSTRIES } from "~/shared/industries";
import { authorPath } from "~/shared/authors";
import { makePostInput } from "../helpers/factories";
import { signedIn } from "../helpers/sign-in";
import { useTestApp } from "../helpers/test-app";

/**
 * Every public page is valid HTML as the W3C checker reads it: html-validate's `standard` preset
 * (content models, nesting, attribute values; no style rules), plus boolean attributes written
 * empty as React writes them, so `allowfullscreen="true"` (what the editor writes on embeds) fails.
 */
const validator = new HtmlValidate({
  extends: ["html-validate:standard"],
  rules: { "attribute-boolean-style": ["error", { style: "empty" }] },
});

const t = useTestApp({ perFile: true, seed: true });
let embedSlug: string;
/** The author of the embed post, whose author page is checked too. */
let author: string;
beforeAll(async () => {
  const { cookie, user } = await signedIn(t);
  author = user.username;
  const input = makePostInput({
    content:
      '<p>A short tour of the queue, embedded as the editor writes it.</p><iframe class="ql-video" frameborder="0" ' +
      'allowfullscreen="true" src="https://www.youtube.com/embed/aqz-KE-bpKQ"></iframe>',
  });
  embedSlug = input.slug;
  await request(t.app).post("/api/cms/simple-create-post").set("Cookie", cookie).send(input).expect(201);
});

async function problemsOf(path: string, status = 200): Promise<string[]> {
  const res = await request(t.app).get(path).expect(status);
  const report = await validator.validateString(res.text, path);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message}`));
}

describe("the public pages are valid HTML", () => {
  const pages = [
    "/",
    "/industries",
    ...INDUSTRIES.map((industry) => `/industries/${industry.id}`),
    "/blog",
    "/blog?tag=product",
    "/admin",
    // The one-time links' pages (docs/decisions/230-invitations-and-reset-links.md).
    "/admin/forgot-password",
    "/admin/reset-password?token=x",
  ];
  it.each(pages)("%s", async (path) => {
    expect(await problemsOf(path)).toEqual([]);
  });

  it("every sample post and a post with a video embed", async () => {
    const posts = await t.store.listPosts({ publishedOnly: true });
    expect(posts.length).toBeGreaterThan(4);
    for (const post of posts)
      expect({ slug: post.slug, problems: await problemsOf(`/blog/${post.slug}`) }).toEqual({
        slug: post.slug,
        problems: [],
      });
    const embed = await request(t.app).get(`/blog/${embedSlug}`).expect(200);
    expect(embed.text).toMatch(/<iframe[^>]* allowfullscreen[ >]/);
    expect(embed.text).not.toContain('allowfullscreen="true"');
  });

  it("an author page", async () => {
    expect(await problemsOf(authorPath(author))).toEqual([]);
  });

  it("the 404 page", async () => {
    expect(await problemsOf("/no-such-page", 404)).toEqual([]);
  });
});
