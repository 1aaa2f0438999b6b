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
  ]);
  return csvDocument(COLUMNS, rows);
}
