import type { Route } from "./+types/admin.posts.$id";
import { mayOpenPost } from "~/shared/permissions";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { PostEditorScreen } from "~/app/components/admin/post-editor-screen";
import { refusal, screenUser } from "~/app/lib/admin-screen.server";

/**
 * The post, whole, for the editor's first render: a 404 page for an id that names no post (or is
 * no id), the refusal page (403) for whoever may not open it (src/shared/permissions.ts).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await screenUser(request, context);
  if (!user) return { post: undefined };
  const read = await context.outcomeOf(() => context.posts.get(params.id));
  if (!read.ok) throw refusal(read.status === 400 ? 404 : read.status);
  if (!mayOpenPost(user, read.value)) throw refusal(403);
  return { post: read.value };
}

/** docs/product.md section 4, Edit: the form holds the post as stored when the address was opened. */
export default function EditPostScreen({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  // One editor per post: moving to another post's address starts that post's form afresh.
  return post ? <PostEditorScreen key={post.id} post={post} /> : null;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
