import { Link } from "react-router";
import { BLOG_MESSAGES, DEFAULT_COVER_IMAGE, type PostListItem } from "../../shared/blog";
import { formatDate } from "../../shared/dates";
import { TagBadge } from "./tag-badge";

/** SPEC sections 2 and 9: cover (at most 140 px high), title, date, summary, tags; cards fade in 0.1 s apart. */
export function PostCard({ post, index }: { post: PostListItem; index: number }) {
  const title = post.title || BLOG_MESSAGES.untitled;
  return (
    <article
      className="flex animate-fade-up flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm motion-reduce:animate-none"
      style={{ animationDelay: `${index * 0.1}s` }}
    >
      <img
        src={post.coverImage || DEFAULT_COVER_IMAGE}
        srcSet={post.cover?.srcSet}
        sizes={post.cover?.srcSet ? "(min-width: 72rem) 560px, (min-width: 48rem) 50vw, 100vw" : undefined}
        width={post.cover?.width}
        height={post.cover?.height}
        alt=""
        loading={index < 4 ? "eager" : "lazy"}
        className={post.coverImage ? "max-h-[140px] w-full object-cover" : "max-h-[140px] w-full bg-brand-50 object-contain p-6"}
      />
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-xl font-semibold text-slate-900">
          <Link to={`/blog/${post.slug}`} className="hover:text-brand-700 hover:underline">
            {title}
          </Link>
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          <time dateTime={post.createdAt}>{formatDate(post.createdAt, BLOG_MESSAGES.dateUnavailable)}</time>
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
