/**
 * Which posts "Remove Test Posts" removes: every post with "test" in its title, in any case
 * (docs/product.md section 7: "all posts with test in the title"). That includes titles
 * like "Latest news", so the page lists the matching posts and asks before removing them, and
 * the server takes a backup first (docs/architecture.md section 4). One rule for the page and the server.
 */
export function isTestPostTitle(title: string): boolean {
  return title.toLowerCase().includes("test");
}
