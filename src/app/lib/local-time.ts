import { useSyncExternalStore } from "react";
import { DATE_TIME_PARTS, setDisplayZone } from "~/shared/dates";

/**
 * Times in the admin's own time zone, read and shown in the browser; the server stores and sends
 * UTC (docs/decisions/120-scheduled-publishing-exactly-once.md). Only for screens rendered after
 * a fetch in the browser: the server's zone would differ.
 */

/** The zone the browser runs in, by its IANA name ("Europe/Berlin"). */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** A stored UTC time as `<input type="datetime-local">` takes it: YYYY-MM-DDTHH:mm, local. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * A datetime-local value as UTC ISO 8601, or undefined when it is empty or no date. A date and
 * time without an offset is local time (ECMAScript's Date.parse).
 */
export function fromLocalInput(value: string): string | undefined {
  const time = value ? new Date(value) : undefined;
  return time && !Number.isNaN(time.getTime()) ? time.toISOString() : undefined;
}

const LOCAL = new Intl.DateTimeFormat("en-US", DATE_TIME_PARTS);

/** "Nov 25, 2026, 09:30 (Europe/Berlin)": the zone named, so nobody reads it as UTC. */
export function formatLocalTime(iso: string): string {
  return `${LOCAL.format(new Date(iso))} (${localZone()})`;
}

const noChanges = () => () => undefined;

/**
 * Shows every admin time (formatDateTime) in the browser's zone, named, from the render after the
 * page hydrated (docs/decisions/202-admin-times-in-the-users-zone.md): the server and the hydrating render show UTC, so they match, and React renders
 * again with the browser's zone. Called at the top of each page that shows admin times, before
 * anything below it renders.
 */
export function useDisplayZone(): string {
  const zone = useSyncExternalStore(noChanges, localZone, () => "UTC");
  setDisplayZone(zone);
  return zone;
}
