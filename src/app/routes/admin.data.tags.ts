import type { Route } from "./+types/admin.data.tags";
import { assertAllowed, formText, panelAction, panelData, panelUser } from "~/app/lib/admin-route.server";
import { can } from "~/shared/permissions";
import type { TagWithCount } from "~/shared/tags";
import { loadKeepingThePage } from "~/app/lib/panel-load";

export type TagsLoaderData =
  { tags: TagWithCount[]; canManage: boolean } | { tags: []; canManage: false; signedOut: true };

/** Every tag with its post count: the Tags panel, and the post form's suggestions (any signed-in user). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await panelUser(request, context);
  if (!user) return panelData<TagsLoaderData>({ tags: [], canManage: false, signedOut: true }, 401);
  return panelData<TagsLoaderData>({
    tags: await context.tags.listWithCounts(),
    canManage: can(user.role, "tags.manage"),
  });
}

/** Tags that cannot be loaded leave the page as it is (lib/panel-load.ts). */
export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) => loadKeepingThePage(serverLoader);

/** Rename, merge and delete: whoever may manage tags, as the /api/admin/tags calls. */
export async function action({ request, context }: Route.ActionArgs) {
  return panelAction(request, context, async (user, form) => {
    assertAllowed(user, "tags.manage");
    const intent = formText(form, "intent");
    const id = formText(form, "id");
    if (intent === "rename") await context.tags.rename(id, { name: form.get("name") });
    else if (intent === "merge") await context.tags.merge(id, { into: Number(form.get("into")) || undefined });
    else if (intent === "delete") await context.tags.remove(id);
    else await context.tags.rename(id, {}); // answers the 400 for an unknown intent
    return intent;
  });
}
