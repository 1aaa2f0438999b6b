import { displayNameOf, type AuthorProfile, type PublicAuthor } from "~/shared/authors";
import { USER_ADMIN_MESSAGES } from "~/shared/user-admin";
import { ValidationError } from "~/server/http/errors";
import type { MediaLibrary } from "~/server/media/media-library";
import { mediaHashesIn } from "~/server/media/media-refs";
import type { ProfilePatch, User } from "~/server/store/types";

/**
 * An avatar must be an image the library holds now: the schema checks the address's shape, this
 * its existence, so a byline never shows a broken picture (docs/decisions/130-bylines-and-author-pages.md).
 */
export async function assertAvatarKnown(media: MediaLibrary, { avatar }: ProfilePatch): Promise<void> {
  if (!avatar) return;
  const [hash] = mediaHashesIn(avatar);
  const image = hash ? await media.byHash(hash) : undefined;
  if (!image || image.url !== avatar) {
    throw new ValidationError(USER_ADMIN_MESSAGES.avatar, { avatar: [USER_ADMIN_MESSAGES.avatar] });
  }
}

/** What a byline shows of a user. */
export function publicAuthorOf(user: User): PublicAuthor {
  return {
    id: user.id,
    username: user.username,
    displayName: displayNameOf(user),
    ...(user.avatar && { avatar: user.avatar }),
  };
}

/** What an author page's heading and the profile panel show of a user. */
export function authorProfileOf(user: User): AuthorProfile {
  return { ...publicAuthorOf(user), ...(user.bio && { bio: user.bio }) };
}
