import { useCallback, useEffect, useState } from "react";
import type { CmsPost } from "~/shared/blog";
import { NetworkError } from "~/app/lib/api";
import { toast, type ToastInput } from "~/app/lib/toast";

/**
 * A list of every post for a signed-in screen (docs/product.md section 4: loading, loaded or failed).
 * `reload` runs after every write (docs/product.md section 7: the lists are refreshed after writes).
 * `failed` is the toast for an error answer, `unreachable` the one for a network failure.
 */
export function usePostList({
  load,
  failed,
  unreachable,
}: {
  load: () => Promise<CmsPost[]>;
  failed: ToastInput;
  unreachable: ToastInput;
}) {
  const [posts, setPosts] = useState<CmsPost[] | undefined>(undefined);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setPosts(await load());
    } catch (err) {
      toast({ ...(err instanceof NetworkError ? unreachable : failed), variant: "destructive" });
    } finally {
      setLoading(false);
    }
  }, [load, failed, unreachable]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { posts, loading, reload };
}
