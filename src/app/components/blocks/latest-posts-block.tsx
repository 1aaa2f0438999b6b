import { Link } from "react-router";
import type { Block } from "~/shared/blocks";
import { latestPostsKey } from "~/shared/blocks/latest-posts-key";
import { cn } from "~/app/lib/cn";
import { PostCard } from "../post-card";
import { useBlockData } from "./block-data";
import { toneOf } from "../tones";
import { BlockSection, itemHeading } from "./block-parts";

type LatestPosts = Extract<Block, { type: "latestPosts" }>;

/** The newest posts' cards (all, or one tag's), as the loader found them for this block's query. */
export function LatestPostsBlock({ block }: { block: LatestPosts }) {
  const posts = (useBlockData().posts[latestPostsKey(block.tag)] ?? []).slice(0, block.count);
  const tone = toneOf(block.variant);
  const more = block.tag ? `/blog?tag=${encodeURIComponent(block.tag)}` : "/blog";
  return (
    <BlockSection block={block} title={block.title} intro={block.intro}>
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {posts.map((post, index) => (
          <PostCard key={post.id} post={post} index={index} headingLevel={itemHeading(block.title)} />
        ))}
      </div>
      <p className="mt-10 text-center">
        <Link
          to={more}
          className={cn("font-medium underline-offset-4 hover:underline", tone.dark ? "text-white" : "text-brand-700")}
        >
          All posts<span aria-hidden="true"> →</span>
        </Link>
      </p>
    </BlockSection>
  );
}
