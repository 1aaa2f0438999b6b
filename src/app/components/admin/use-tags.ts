import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { clientLoader } from "~/app/routes/admin.data.tags";
import { isLoadFailure } from "~/app/lib/panel-load";

export const TAGS_FETCHER_KEY = "admin-tags";
export const TAGS_DATA_PATH = "/admin/data/tags";

/** Every tag with its post count, loaded once and reloaded after every admin write. */
export function useTags() {
  const fetcher = useFetcher<typeof clientLoader>({ key: TAGS_FETCHER_KEY });
  const { load } = fetcher;
  useEffect(() => {
    void load(TAGS_DATA_PATH);
  }, [load]);
  const data = isLoadFailure(fetcher.data) ? undefined : fetcher.data;
  return {
    tags: data?.tags,
    canManage: data?.canManage === true,
    loading: fetcher.state === "loading",
  };
}
