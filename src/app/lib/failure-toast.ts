import { ApiError } from "./api";
import { toast } from "./toast";

/**
 * docs/product.md section 8's pairs of failure toasts: "X Failed" when the server answered with an error
 * (its message as the description), "X Error" when no answer came back at all.
 */
export function failureToast(err: unknown, titles: { failed: string; error: string }): void {
  const answered = err instanceof ApiError;
  toast({
    title: answered ? titles.failed : titles.error,
    description: err instanceof Error ? err.message : undefined,
    variant: "destructive",
  });
}
