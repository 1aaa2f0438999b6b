import type { Route } from "./+types/admin.posts.new";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { PostEditorScreen } from "~/app/components/admin/post-editor-screen";
import { screenUser } from "~/app/lib/admin-screen.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  await screenUser(request, context, "posts.create");
  return null;
}

/** docs/product.md section 2, New Post: Create New Blog Post. */
export default function NewPostScreen() {
  return <PostEditorScreen />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
