import { csvDocument } from "~/server/http/csv";
import { industryName, notificationLabel, type InboxMessage } from "~/shared/inbox";

const COLUMNS = [
  "id",
  "received",
  "name",
  "email",
  "company",
  "industry",
  "message",
  "read",
  "archived",
  "email status",
  // Where the message came from (docs/decisions/190-leads-credited-to-the-visit.md).
  "landing_page",
  "referrer",
  "utm_source",
  "utm_medium",
  "utm_campaign",
];

/** The inbox as CSV (http/csv.ts says how cells are written). */
export function messagesCsv(messages: InboxMessage[]): string {
  const rows = messages.map((m) => [
    String(m.id),
    m.createdAt,
    m.name,
    m.email,
    m.company ?? "",
    m.industry ? industryName(m.industry, m.industryTitle) : "",
    m.message,
    m.read ? "yes" : "no",
    m.archived ? "yes" : "no",
    notificationLabel(m.notification) ?? "",
    m.visit?.landingPage ?? "",
    m.visit?.referrer ?? "",
    m.visit?.utm?.utm_source ?? "",
    m.visit?.utm?.utm_medium ?? "",
    m.visit?.utm?.utm_campaign ?? "",
  ]);
  return csvDocument(COLUMNS, rows);
}
