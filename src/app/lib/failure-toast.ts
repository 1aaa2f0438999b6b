import { ApiError } from "./api";
import { toast } from "./toast";

/** The two titles of one failure: the server refused (`failed`), or no answer came (`error`). */
export type FailureTitles = { failed: string; error: string };

/**
 * docs/product.md section 8's pairs of failure toasts: "X Failed" when the server answered with an error
 * (its message as the description), "X Error" when no answer came back at all.
 */
export function failureToast(err: unknown, titles: FailureTitles): void {
  const answered = err instanceof ApiError;
  toast({
    title: answered ? titles.failed : titles.error,
    description: err instanceof Error ? err.message : undefined,
    variant: "destructive",
  });
}
