import { XMLParser, XMLValidator } from "fast-xml-parser";
import request from "supertest";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Post } from "~/server/store/types";
import { makePostInput } from "../helpers/factories";
import { makeTestApp } from "../helpers/test-app";

/** Every C0 control but tab, newline and return, DEL's neighbours, a lone surrogate and U+FFFF. */
const NOT_XML =
  Array.from({ length: 32 }, (_, i) => String.fromCharCode(i))
    .filter((c) => !"\t\n\r".includes(c))
    .join("") + "\uD800\uFFFE\uFFFF";

let t: Awaited<ReturnType<typeof makeTestApp>>;
let post: Post;
beforeAll(async () => {
  t = await makeTestApp({ env: { PUBLIC_URL: "https://queuewise.example" } });
  // Through the store, as a restored backup or an older file could hold it.
  post = await t.store.createPost(
    makePostInput({
      title: `Bell\u0007 and ${NOT_XML} friends`,
      summary: `Sum${NOT_XML}mary text`,
      tags: ["Ta\u0001g"],
    }),
  );
  await t.store.restorePosts([
    { ...post, id: 50, slug: `odd-\uD800-slug`, title: "Odd slug", updatedAt: `2030-01-01\u0000` },
  ]);
});
afterAll(() => t.close());

it.each(["/rss.xml", "/sitemap.xml"])(
  "%s stays well-formed XML 1.0 with control characters in the posts",
  async (path) => {
    const res = await request(t.app).get(path).expect(200);
    expect(XMLValidator.validate(res.text)).toBe(true);
    expect([...res.text].filter((c) => NOT_XML.includes(c))).toEqual([]);
  },
);

it("the feed keeps the rest of the title, summary and tag", async () => {
  const res = await request(t.app).get("/rss.xml").expect(200);
  const feed = new XMLParser().parse(res.text);
  const items = [feed.rss.channel.item].flat() as Array<{ title: string; description: string; category?: string }>;
  const item = items.find((i) => i.title.startsWith("Bell"))!;
  expect(item.title).toBe("Bell and  friends");
  expect(item.description).toBe("Summary text");
  expect(item.category).toBe("Tag");
  expect(items.some((i) => i.title === "Odd slug")).toBe(true);
});
