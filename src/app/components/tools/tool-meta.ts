import { pageMeta } from "~/app/lib/meta";

/** A utility page's `<title>` and description; never indexed, since they are admin tools. */
export function toolMeta(page: { title: string; intro: string }) {
  return [...pageMeta(page.title, page.intro), { name: "robots", content: "noindex" }];
}
