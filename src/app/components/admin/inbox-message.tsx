import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { formatDate } from "~/shared/dates";
import { campaignName, INBOX_MESSAGES, industryName, notificationLabel, type InboxMessage } from "~/shared/inbox";
import type { action } from "~/app/routes/admin.data.inbox";
import { toast } from "~/app/lib/toast";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { ConfirmButton } from "~/app/components/ui/confirm-dialog";
import { INBOX_DATA_PATH, inboxMessagePath } from "./use-inbox";

/**
 * One contact message with its actions; each action posts to the inbox route and the list reloads.
 * The sender's name is a link to the message's own page, unless this is that page.
 */
export function InboxMessageCard({
  message,
  canDelete,
  onDeleted,
}: {
  message: InboxMessage;
  canDelete: boolean;
  /** On the message's own page: it leaves once the message is deleted. */
  onDeleted?: () => void;
}) {
  const fetcher = useFetcher<typeof action>();
  const busy = fetcher.state !== "idle";
  const submit = (intent: string, value?: boolean) =>
    fetcher.submit(
      { intent, id: String(message.id), ...(value !== undefined && { value: String(value) }) },
      { method: "post", action: INBOX_DATA_PATH },
    );

  const deleted = useRef(onDeleted);
  useEffect(() => {
    deleted.current = onDeleted;
  });
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    if (!result.ok) toast({ title: INBOX_MESSAGES.failed, description: result.message, variant: "destructive" });
    else if (result.intent === "delete") {
      toast({ title: INBOX_MESSAGES.deleted });
      deleted.current?.();
    }
  }, [result]);

  const note = notificationLabel(message.notification);
  const failed = message.notification?.state === "failed";
  return (
    <li className={`py-4 ${message.read ? "" : "border-l-4 border-l-brand-600 pl-3"}`} aria-busy={busy}>
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">
          {onDeleted ? (
            message.name
          ) : (
            <Link to={inboxMessagePath(message)} className="underline-offset-2 hover:underline">
              {message.name}
            </Link>
          )}
          {message.company && <span className="font-normal text-slate-700"> · {message.company}</span>}
        </h3>
        <span className="shrink-0 text-xs text-slate-600">{formatDate(message.createdAt, "")}</span>
      </div>
      <p className="mt-0.5 text-sm break-all">
        <a className="text-brand-700 underline" href={`mailto:${message.email}`}>
          {message.email}
        </a>
      </p>
      {message.visit && <VisitFacts visit={message.visit} />}
      <div className="mt-2 flex flex-wrap gap-2">
        {!message.read && <Badge>{INBOX_MESSAGES.unread}</Badge>}
        {message.archived && <Badge tone="muted">{INBOX_MESSAGES.statusLabels.archived}</Badge>}
        {message.industry && <Badge tone="muted">{industryName(message.industry, message.industryTitle)}</Badge>}
        {note && <span className={`text-xs font-medium ${failed ? "text-red-700" : "text-slate-600"}`}>{note}</span>}
      </div>
      <p className="mt-2 text-sm break-words whitespace-pre-wrap text-slate-800">{message.message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="outline" size="sm" disabled={busy} onClick={() => submit("read", !message.read)}>
          {message.read ? INBOX_MESSAGES.markUnread : INBOX_MESSAGES.markRead}
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={() => submit("archive", !message.archived)}>
          {message.archived ? INBOX_MESSAGES.unarchive : INBOX_MESSAGES.archive}
        </Button>
        {canDelete && (
          <ConfirmButton
            variant="destructive"
            size="sm"
            disabled={busy}
            title={INBOX_MESSAGES.deleteConfirm.title}
            description={INBOX_MESSAGES.deleteConfirm.description(message.name)}
            confirmLabel={INBOX_MESSAGES.deleteConfirm.action}
            onConfirm={() => void submit("delete")}
          >
            {INBOX_MESSAGES.delete}
          </ConfirmButton>
        )}
      </div>
    </li>
  );
}

/**
 * Where the message came from (docs/decisions/190-leads-credited-to-the-visit.md): the page the
 * sender's visit began on, the site that sent them and the campaign, and the page the form was on
 * when it is another.
 */
function VisitFacts({ visit }: { visit: NonNullable<InboxMessage["visit"]> }) {
  const facts: [string, string][] = [
    [INBOX_MESSAGES.landingPage, visit.landingPage],
    ...(visit.page !== visit.landingPage ? [[INBOX_MESSAGES.sentFrom, visit.page] as [string, string]] : []),
    [INBOX_MESSAGES.referrer, visit.referrer ?? INBOX_MESSAGES.direct],
    [INBOX_MESSAGES.campaign, campaignName(visit.utm) ?? INBOX_MESSAGES.noCampaign],
  ];
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-600">
      {facts.map(([term, value]) => (
        <div key={term} className="flex min-w-0 gap-1">
          <dt>{term}:</dt>
          <dd className="font-medium break-all text-slate-800">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
