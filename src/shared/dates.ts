/**
 * Dates as `MMMM dd, yyyy` in UTC (docs/architecture.md section 6), the same on the server and in the
 * browser so hydration matches whatever the reader's time zone.
 */
const FORMAT = new Intl.DateTimeFormat("en-US", { month: "long", day: "2-digit", year: "numeric", timeZone: "UTC" });

export function formatDate(value: string | undefined, fallback: string): string {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? FORMAT.format(date) : fallback;
}

/** A date and time as the admin shows them ("Nov 24, 2026, 22:53"), in whichever zone is named. */
export const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
};

const DATE_TIME = new Intl.DateTimeFormat("en-US", { ...DATE_TIME_PARTS, timeZone: "UTC" });

/** A timestamp for the admin tools, e.g. "Mar 05, 2026, 14:03 UTC", the same on both sides. */
export function formatDateTime(value: string | undefined, fallback = "—"): string {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? `${DATE_TIME.format(date)} UTC` : fallback;
}
