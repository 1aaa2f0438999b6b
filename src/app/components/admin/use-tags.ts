import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { loader } from "~/app/routes/admin.data.tags";

export const TAGS_FETCHER_KEY = "admin-tags";
export const TAGS_DATA_PATH = "/admin/data/tags";

/** Every tag with its post count, loaded once and reloaded after every admin write. */
export function useTags() {
  const fetcher = useFetcher<typeof loader>({ key: TAGS_FETCHER_KEY });
  const { load } = fetcher;
  useEffect(() => {
    void load(TAGS_DATA_PATH);
  }, [load]);
  return {
    tags: fetcher.data?.tags,
    canManage: fetcher.data?.canManage === true,
    loading: fetcher.state === "loading",
  };
}
