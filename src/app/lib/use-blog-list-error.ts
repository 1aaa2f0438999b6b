import { isRouteErrorResponse } from "react-router";
import { useToastOnce } from "~/app/lib/use-toast-once";
import { BLOG_MESSAGES } from "~/shared/blog";

/**
 * A list of posts that failed (docs/product.md section 8): true for a 404, which the page answers
 * with the site's not-found card; anything else raises the blog's destructive toast once.
 */
export function useBlogListError(error: unknown): boolean {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useToastOnce(
    notFound
      ? undefined
      : {
          title: BLOG_MESSAGES.listErrorTitle,
          description: BLOG_MESSAGES.listErrorDescription,
          variant: "destructive",
        },
  );
  return notFound;
}
