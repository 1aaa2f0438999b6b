/**
 * Dates as `MMMM dd, yyyy` in UTC (DESIGN.md section 6), the same on the server and in the
 * browser so hydration matches whatever the reader's time zone.
 */
const FORMAT = new Intl.DateTimeFormat("en-US", { month: "long", day: "2-digit", year: "numeric", timeZone: "UTC" });

export function formatDate(value: string | undefined, fallback: string): string {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? FORMAT.format(date) : fallback;
}
