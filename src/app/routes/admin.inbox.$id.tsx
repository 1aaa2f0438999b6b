import { Link, useNavigate, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.inbox.$id";
import { can } from "~/shared/permissions";
import { INBOX_MESSAGES } from "~/shared/inbox";
import { Card } from "~/app/components/ui/card";
import { useAdminOutlet } from "~/app/components/admin/admin-outlet";
import { AdminScreenError } from "~/app/components/admin/admin-screen-error";
import { InboxMessageCard } from "~/app/components/admin/inbox-message";
import { INBOX_PATH } from "~/app/components/admin/use-inbox";
import { refusal, screenUser } from "~/app/lib/admin-screen.server";

/** One contact message, read with the page: a 404 page for an id that names none. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!(await screenUser(request, context, (user) => context.inbox.canRead(user)))) return { message: undefined };
  const read = await context.outcomeOf(() => context.inbox.get(params.id));
  if (!read.ok) throw refusal(read.status === 400 ? 404 : read.status);
  return { message: read.value };
}

/** A deleted message is not read again: the page leaves for the Inbox instead. */
export const shouldRevalidate = ({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formData?.get("intent") !== "delete" && defaultShouldRevalidate;

/** The message with its actions (mark read, archive, delete), and the way back to the list. */
export default function InboxMessageScreen({ loaderData }: Route.ComponentProps) {
  const { user } = useAdminOutlet();
  const navigate = useNavigate();
  const { message } = loaderData;
  if (!message) return null;
  return (
    <Card>
      <h2 className="sr-only">{INBOX_MESSAGES.heading}</h2>
      <Link to={INBOX_PATH} className="text-sm text-brand-700 underline">
        {INBOX_MESSAGES.backToInbox}
      </Link>
      <ul className="mt-2" aria-label="Message">
        <InboxMessageCard
          message={message}
          canDelete={can(user.role, "inbox.delete")}
          onDeleted={() => void navigate(INBOX_PATH)}
        />
      </ul>
    </Card>
  );
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <AdminScreenError error={error} />;
