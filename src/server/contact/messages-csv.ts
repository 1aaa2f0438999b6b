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

/**
 * A cell a spreadsheet would run as a formula (`= + - @`, and tab or carriage return, which some
 * read the same way) gets a leading apostrophe (OWASP "CSV Injection"); then RFC 4180 quoting.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180: CRLF line ends, a header row; a byte order mark so spreadsheet programs read UTF-8. */
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
  return "\uFEFF" + [COLUMNS, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
