import type { Route } from "./+types/admin.review";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { ReviewPanel } from "~/app/components/admin/review-panel";
import { screenUser } from "~/app/lib/admin-screen.server";

/** The queue, read with the page (docs/decisions/126-review-before-publish.md); a failed read says so on it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await screenUser(request, context, "posts.review"))) return { items: [], failed: false };
  const read = await context.outcomeOf(() => context.review.queue());
  return read.ok ? { items: read.value, failed: false } : { items: undefined, failed: true };
}

export default function ReviewScreen({ loaderData }: Route.ComponentProps) {
  return <ReviewPanel items={loaderData.items} failed={loaderData.failed} />;
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
