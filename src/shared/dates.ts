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

// The names a zone of UTC goes by ("Etc/UTC" is what many servers' browsers resolve).
const UTC_NAMES = new Set(
  ["UTC", "UCT", "GMT", "GMT0", "GMT+0", "GMT-0", "Universal", "Zulu", "Greenwich"].flatMap((n) => [n, `Etc/${n}`]),
);
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a zone by its IANA name, made once; undefined for a name Intl does not know. */
function formatIn(zone: string): Intl.DateTimeFormat | undefined {
  let format = formats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-US", { ...DATE_TIME_PARTS, timeZone: zone });
    } catch {
      return undefined;
    }
    formats.set(zone, format);
  }
  return format;
}

/**
 * The zone admin times are shown in: UTC on the server and while a page hydrates (so both render
 * the same), then the signed-in user's own, their browser's (`useDisplayZone` in
 * src/app/lib/local-time.ts). Users have no zone setting of their own.
 */
let displayZone = "UTC";
export const setDisplayZone = (zone: string) => void (displayZone = zone);

/**
 * A timestamp for the admin, with its zone named: "Mar 05, 2026, 14:03 UTC", or in another zone
 * "Mar 05, 2026, 15:03 (Europe/Berlin)". `zone` is the display zone unless given.
 */
export function formatDateTime(value: string | undefined, fallback = "—", zone = displayZone): string {
  const date = value ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return fallback;
  const local = !UTC_NAMES.has(zone) && formatIn(zone);
  return local ? `${local.format(date)} (${zone})` : `${formatIn("UTC")!.format(date)} UTC`;
}
