/**
 * The image a new block starts with (emptyBlock): a media address no upload can have (a hash of
 * zeros), which the components draw as an empty frame rather than request. No zod here, so the
 * public components may import it.
 */
export const MEDIA_PLACEHOLDER = `/media/${"0".repeat(64)}.png`;
