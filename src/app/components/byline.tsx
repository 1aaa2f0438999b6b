import { Fragment } from "react";
import { Link } from "react-router";
import { AUTHOR_MESSAGES, authorPath, nameSeparator, type PublicAuthor } from "~/shared/authors";
import { AuthorAvatar } from "./author-avatar";

/**
 * "By A", "By A and B", "By A, B and C" with their avatars, each name a link to the author's page;
 * a post with no known author is the team's (docs/decisions/130-bylines-and-author-pages.md).
 */
export function Byline({ authors }: { authors: readonly PublicAuthor[] }) {
  if (authors.length === 0) {
    return <p className="mt-6 text-slate-700">{`${AUTHOR_MESSAGES.by} ${AUTHOR_MESSAGES.team}`}</p>;
  }
  return (
    <div className="mt-6 flex flex-wrap items-center gap-x-3 gap-y-2">
      <span className="flex -space-x-2">
        {authors.map((author) => (
          <AuthorAvatar key={author.id} author={author} size={40} className="ring-2 ring-white" />
        ))}
      </span>
      <p className="text-slate-700">
        {`${AUTHOR_MESSAGES.by} `}
        {authors.map((author, index) => (
          <Fragment key={author.id}>
            {nameSeparator(index, authors.length)}
            <Link
              to={authorPath(author.username)}
              className="font-semibold text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700"
            >
              {author.displayName}
            </Link>
          </Fragment>
        ))}
      </p>
    </div>
  );
}
