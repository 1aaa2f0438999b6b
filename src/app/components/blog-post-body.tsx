import { SubscribeForm } from "./newsletter/subscribe-form";
import { Link } from "react-router";
import { GeneratedCover } from "~/app/components/generated-cover";
import { PostCard } from "~/app/components/post-card";
import { TagBadge } from "~/app/components/tag-badge";
import { buttonClasses } from "~/app/components/ui/button";
import { Byline } from "~/app/components/byline";
import { HtmlBlock } from "~/app/lib/document-html";
import { BLOG_MESSAGES, type PostListItem, type PublicPost } from "~/shared/blog";
import { formatDate } from "~/shared/dates";
import { readingTimeLabel } from "~/shared/reading-time";
import { POST_CALL_TO_ACTION_HREF } from "~/shared/site";
import { useSiteChrome } from "~/app/lib/site-chrome";

export /** Where a document request's post content waits for the render (docs/decisions/052-post-content-once.md). */
const CONTENT_SLOT = "post-content";

export /** A post as the page gets it: without its content on a document request, which has it in the markup only. */
type PagePost = Omit<PublicPost, "content"> & { content?: string };

/**
 * A post as its page shows it, then the related posts: the public page, its preview and a shared
 * preview link render this one body, so what a writer or their reviewer sees is what readers get.
 */
export function BlogPostBody({ post, related }: { post: PagePost; related: readonly PostListItem[] }) {
  return (
    <>
      <BlogArticle post={post} />
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="border-t border-slate-200 bg-white px-4 py-14">
          <div className={`mx-auto ${related.length === 3 ? "max-w-5xl" : "max-w-3xl"}`}>
            <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-slate-900">
              {BLOG_MESSAGES.related}
            </h2>
            <div className={`mt-6 grid gap-6 ${RELATED_COLUMNS[related.length] ?? ""}`}>
              {related.map((card, index) => (
                <PostCard key={card.id} post={card} index={index} headingLevel="h3" />
              ))}
            </div>
          </div>
        </section>
      )}
    </>
  );
}

function BlogArticle({ post }: { post: PagePost }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <BackToBlog label={BLOG_MESSAGES.backToBlog} />
      <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
        {post.title || BLOG_MESSAGES.untitled}
      </h1>
      <p className="mt-3 text-slate-600">
        <time dateTime={post.publishedAt}>{formatDate(post.publishedAt, BLOG_MESSAGES.dateUnavailable)}</time>
        <span aria-hidden="true"> · </span>
        <span>{readingTimeLabel(post.readingMinutes)}</span>
      </p>
      <Byline authors={post.authorProfiles} />
      <PostCover post={post} />
      {/* Sanitized by the server's allowlist on write and again on the way out (docs/architecture.md section 5). */}
      <HtmlBlock className="post-content mt-8" html={post.content} slot={CONTENT_SLOT} />
      {post.tags.length > 0 && (
        <ul className="mt-10 flex flex-wrap gap-2 border-t border-slate-200 pt-6" aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag.id}>
              <TagBadge tag={tag} />
            </li>
          ))}
        </ul>
      )}
      <PostCallToAction />
      <div className="mt-10">
        <SubscribeForm id="post-subscribe" />
      </div>
    </article>
  );
}

/**
 * The line and contact link at the end of every post (the Site tab's Links), so a post brings
 * leads of its own (docs/decisions/190-leads-credited-to-the-visit.md). Nothing where the page has
 * no site chrome (a shared preview link).
 */
function PostCallToAction() {
  const cta = useSiteChrome().links.postCallToAction;
  if (!cta) return null;
  return (
    <aside
      aria-label={cta.button}
      className="mt-10 flex flex-col gap-4 rounded-xl bg-brand-50 p-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-slate-800">{cta.text}</p>
      <Link to={POST_CALL_TO_ACTION_HREF} className={buttonClasses({}, "shrink-0")}>
        {cta.button}
      </Link>
    </aside>
  );
}

/** As many columns as related posts, so one or two never sit beside empty space. */
const RELATED_COLUMNS: Record<number, string> = { 2: "sm:grid-cols-2", 3: "md:grid-cols-3" };

/**
 * The cover, whole: at its own proportions, up to 480 px high, never cropped
 * (docs/decisions/118-covers-shown-whole.md). A post without one gets the cover its card shows,
 * drawn from its title, so the card a reader clicked and the page it opens match.
 */
function PostCover({ post }: { post: PagePost }) {
  if (!post.coverImage) return <GeneratedCover title={post.title} className="mt-8 h-[180px] w-full rounded-xl" />;
  const { cover } = post;
  return (
    <img
      src={post.coverImage}
      srcSet={cover?.srcSet}
      sizes={cover?.srcSet ? "(min-width: 48rem) 736px, calc(100vw - 2rem)" : undefined}
      width={cover?.width}
      height={cover?.height}
      alt=""
      fetchPriority="high"
      className="mt-8 h-auto max-h-[480px] w-full rounded-xl bg-slate-100 object-contain"
    />
  );
}

export function BackToBlog({ label }: { label: string }) {
  return (
    <Link to="/blog" className={buttonClasses({ variant: "outline", size: "sm" })}>
      ← {label}
    </Link>
  );
}
