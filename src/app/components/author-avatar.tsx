import { cn } from "~/app/lib/cn";
import { avatarColourOf, initialsOf, type PublicAuthor } from "~/shared/authors";

/**
 * An author's picture: their uploaded avatar, or their initials on a colour picked from their name
 * (docs/decisions/130-bylines-and-author-pages.md). It always sits beside the author's name, so it
 * is decorative: an empty alt, and the initials hidden from screen readers, which read the name once.
 */
export function AuthorAvatar({
  author,
  size,
  className,
}: {
  author: Pick<PublicAuthor, "displayName" | "avatar">;
  /** Pixels, square. */
  size: number;
  className?: string;
}) {
  const frame = cn("inline-block shrink-0 rounded-full", className);
  if (author.avatar) {
    return (
      <img
        src={author.avatar}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        className={cn(frame, "bg-slate-100 object-cover")}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(frame, "inline-flex items-center justify-center font-semibold text-white select-none")}
      style={{
        width: size,
        height: size,
        backgroundColor: avatarColourOf(author.displayName),
        fontSize: Math.round(size * 0.4),
      }}
    >
      {initialsOf(author.displayName)}
    </span>
  );
}
