import type { PostListItem } from "~/shared/blog";
import { PostCard } from "./post-card";

/** A list page's cards, two columns wide; an odd count would leave the last card alone, so the newest spans both. */
export function PostGrid({ posts, dimmed = false }: { posts: readonly PostListItem[]; dimmed?: boolean }) {
  return (
    <div className={`grid gap-6 md:grid-cols-2 ${dimmed ? "opacity-60" : ""}`}>
      {posts.map((post, index) => (
        <PostCard
          key={post.id}
          post={post}
          index={index}
          className={index === 0 && posts.length % 2 === 1 ? "md:col-span-2" : undefined}
        />
      ))}
    </div>
  );
}
