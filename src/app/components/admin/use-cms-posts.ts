import { useCallback, useEffect, useState } from "react";
import type { CmsPost } from "../../../shared/blog";
import { api, NetworkError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { ADMIN_MESSAGES } from "./admin-messages";

/**
 * Every post for the CMS list (SPEC section 4: loading, loaded or failed). `reload` runs after
 * every create, update and delete (SPEC section 7: the lists are refreshed after writes).
 */
export function useCmsPosts() {
  const [posts, setPosts] = useState<CmsPost[] | undefined>(undefined);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setPosts(await api.get<CmsPost[]>("/api/cms/posts"));
    } catch (err) {
      const failure = err instanceof NetworkError ? ADMIN_MESSAGES.loadError : ADMIN_MESSAGES.loadFailed;
      toast({ ...failure, variant: "destructive" });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { posts, loading, reload };
}
