/**
 * Which posts "Remove Test Posts" removes: every post with "test" in its title, in any case
 * (SPEC section 7; issue 5: "exactly the posts with test in the title"). That includes titles
 * like "Latest news", so the page lists the matching posts and asks before removing them, and
 * the server takes a backup first (DESIGN.md section 4). One rule for the page and the server.
 */
export function isTestPostTitle(title: string): boolean {
  return title.toLowerCase().includes("test");
}
