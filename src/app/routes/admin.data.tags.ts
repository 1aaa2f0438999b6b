import type { Route } from "./+types/admin.data.tags";
import { assertAdmin, formText, panelAction, panelData, panelUser } from "~/app/lib/admin-route.server";
import type { TagWithCount } from "~/shared/tags";

export type TagsLoaderData = { tags: TagWithCount[]; isAdmin: boolean } | { tags: []; isAdmin: false; signedOut: true };

/** Every tag with its post count: the Tags panel, and the post form's suggestions (any signed-in user). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await panelUser(request, context);
  if (!user) return panelData<TagsLoaderData>({ tags: [], isAdmin: false, signedOut: true }, 401);
  return panelData<TagsLoaderData>({ tags: await context.tags.listWithCounts(), isAdmin: user.role === "admin" });
}

/** Rename, merge and delete: admins only, as the /api/admin/tags calls. */
export async function action({ request, context }: Route.ActionArgs) {
  return panelAction(request, context, async (user, form) => {
    assertAdmin(user);
    const intent = formText(form, "intent");
    const id = formText(form, "id");
    if (intent === "rename") await context.tags.rename(id, { name: form.get("name") });
    else if (intent === "merge") await context.tags.merge(id, { into: Number(form.get("into")) || undefined });
    else if (intent === "delete") await context.tags.remove(id);
    else await context.tags.rename(id, {}); // answers the 400 for an unknown intent
    return intent;
  });
}
