import { Link } from "react-router";
import { BLOG_MESSAGES, type PostListItem } from "~/shared/blog";
import { formatDate } from "~/shared/dates";
import { readingTimeLabel } from "~/shared/reading-time";
import { cn } from "~/app/lib/cn";
import { staggerClass } from "~/app/lib/stagger";
import { GeneratedCover } from "./generated-cover";
import { TagBadge } from "./tag-badge";

/**
 * docs/product.md sections 2 and 9: cover (140 px high), title, date, summary, tags; cards fade in 0.1 s apart
 * unless the reader asks for reduced motion. A post without a cover gets one generated from its
 * title. `headingLevel` is h3 where the cards sit under a section's h2 (related posts).
 */
export function PostCard({
  post,
  index,
  headingLevel: Heading = "h2",
  className,
}: {
  post: PostListItem;
  index: number;
  headingLevel?: "h2" | "h3";
  className?: string;
}) {
  const title = post.title || BLOG_MESSAGES.untitled;
  return (
    <article
      className={cn(
        "flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm",
        "transition-shadow hover:shadow-md",
        staggerClass(index),
        className,
      )}
    >
      {post.coverImage ? (
        <img
          src={post.coverImage}
          srcSet={post.cover?.srcSet}
          sizes={post.cover?.srcSet ? "(min-width: 72rem) 560px, (min-width: 48rem) 50vw, 100vw" : undefined}
          width={post.cover?.width}
          height={post.cover?.height}
          alt=""
          loading={index < 4 ? "eager" : "lazy"}
          // Cropped to the card's frame around the writer's focal point, else from the top, where a
          // picture's subject and any text on it usually are (docs/decisions/118-covers-shown-whole.md).
          className="h-[140px] w-full object-cover object-top"
          style={post.coverFocus ? { objectPosition: post.coverFocus } : undefined}
        />
      ) : (
        <GeneratedCover title={title} className="h-[140px] w-full" />
      )}
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-xl font-semibold text-slate-900">
          <Link to={`/blog/${post.slug}`} className="hover:text-brand-700 hover:underline">
            {title}
          </Link>
        </Heading>
        <p className="mt-1 text-sm text-slate-600">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, BLOG_MESSAGES.dateUnavailable)}</time>
          <span aria-hidden="true"> · </span>
          <span>{readingTimeLabel(post.readingMinutes)}</span>
        </p>
        <p className="mt-3 flex-1 text-slate-700">{post.summary}</p>
        {post.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag.id}>
                <TagBadge tag={tag} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
