import { createHash, randomBytes } from "node:crypto";
import { dayOf, type Device } from "~/shared/analytics";

/**
 * The counts of this process since its last flush, as daily aggregates, and what it takes to
 * count visitors once a day without cookies (docs/decisions/106-analytics-without-cookies.md):
 * a visitor is a hash of a random salt, the client's address and its user agent; the salt and
 * every hash live in memory only and are replaced at each UTC midnight.
 */
export const DIMENSIONS = ["total", "page", "referrer", "campaign", "device", "notFound"] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export type Counts = { views: number; visitors: number; entries: number; leads: number };
/** One day's counts of one value of a dimension (`total` and `notFound` have the key ""). */
export type CountRow = Counts & { day: string; dimension: Dimension; key: string };

export type View = {
  page: string;
  /** Another site's host, "" for none; undefined when the view came from one of our own pages. */
  referrer: string | undefined;
  /** campaignKey of the view's UTM values, "" for none. */
  campaign: string;
  device: Device;
};
export type Lead = Omit<View, "page"> & { page: string | undefined };

/** Where the values of a dimension go once a day has MAX_KEYS of them: junk cannot grow the memory or the files. */
export const OTHER_KEY = "(other)";
export const MAX_KEYS = 1_000;
/**
 * Visitor-and-row pairs remembered per day (about 30 MB at most). Past it, a pair not yet seen
 * counts as a new visitor: a flood of made-up visitors over-counts rather than grows the memory.
 */
const MAX_SEEN = 200_000;
const MINUTE = 60_000;
const RECENT_MINUTES = 30;

export const rowKey = (day: string, dimension: Dimension, key: string) => `${day}\t${dimension}\t${key}`;

export class Tally {
  #pending = new Map<string, CountRow>();
  #day = "";
  #dayEnds = 0;
  #salt = randomBytes(32);
  #seen = new Set<string>();
  #keys = new Map<Dimension, Set<string>>();
  /** The last 30 minutes, one slot per minute. */
  #recent = Array.from({ length: RECENT_MINUTES }, () => ({ minute: -1, views: 0, visitors: new Set<string>() }));

  /** Counts a page view from `address` with `userAgent` at `now` (milliseconds). */
  view(now: number, address: string, userAgent: string, view: View): void {
    const day = this.#today(now);
    const visitor = createHash("sha256")
      .update(this.#salt)
      .update(address)
      .update("\n")
      .update(userAgent)
      .digest("base64url");
    const entry = view.referrer !== undefined;
    this.#count(day, visitor, "total", "", entry);
    this.#count(day, visitor, "page", view.page, entry);
    if (view.referrer !== undefined) this.#count(day, visitor, "referrer", view.referrer, entry);
    if (view.campaign) this.#count(day, visitor, "campaign", view.campaign, entry);
    this.#count(day, visitor, "device", view.device, entry);
    const slot = this.#slot(now);
    slot.views += 1;
    if (slot.visitors.size < MAX_SEEN / RECENT_MINUTES) slot.visitors.add(visitor);
  }

  /** Counts a contact message as a lead of the page, referrer, campaign and device it came with. */
  lead(now: number, lead: Lead): void {
    const day = this.#today(now);
    this.#row(day, "total", "").leads += 1;
    if (lead.page !== undefined) this.#row(day, "page", this.#bounded("page", lead.page)).leads += 1;
    if (lead.referrer !== undefined) this.#row(day, "referrer", this.#bounded("referrer", lead.referrer)).leads += 1;
    if (lead.campaign) this.#row(day, "campaign", this.#bounded("campaign", lead.campaign)).leads += 1;
    this.#row(day, "device", lead.device).leads += 1;
  }

  /** A page answered 404: one count a day, whatever the path. */
  notFound(now: number): void {
    this.#row(this.#today(now), "notFound", "").views += 1;
  }

  /** The rows counted since the last `take`, which start again from nothing. */
  take(): CountRow[] {
    const rows = [...this.#pending.values()];
    this.#pending = new Map();
    return rows;
  }

  /** Adds rows back, when storing what `take` answered failed: they go with the next flush. */
  giveBack(rows: readonly CountRow[]): void {
    for (const row of rows) {
      const mine = this.#row(row.day, row.dimension, row.key);
      mine.views += row.views;
      mine.visitors += row.visitors;
      mine.entries += row.entries;
      mine.leads += row.leads;
    }
  }

  /** The rows not taken yet, copied. */
  pending(): CountRow[] {
    return [...this.#pending.values()].map((row) => ({ ...row }));
  }

  /** Views and distinct visitors of the last 30 minutes before `now`. */
  recent(now: number): { views: number; visitors: number } {
    const since = Math.floor(now / MINUTE) - RECENT_MINUTES;
    const visitors = new Set<string>();
    let views = 0;
    for (const slot of this.#recent) {
      if (slot.minute <= since) continue;
      views += slot.views;
      for (const visitor of slot.visitors) visitors.add(visitor);
    }
    return { views, visitors: visitors.size };
  }

  #today(now: number): string {
    if (now >= this.#dayEnds || this.#day === "") {
      this.#day = dayOf(now);
      this.#dayEnds = Date.parse(`${this.#day}T00:00:00Z`) + 86_400_000;
      // A new day, a new salt: yesterday's visitors can no longer be told from anyone.
      this.#salt = randomBytes(32);
      this.#seen.clear();
      this.#keys.clear();
    }
    return this.#day;
  }

  #slot(now: number) {
    const minute = Math.floor(now / MINUTE);
    const slot = this.#recent[minute % RECENT_MINUTES]!;
    if (slot.minute !== minute) {
      slot.minute = minute;
      slot.views = 0;
      slot.visitors.clear();
    }
    return slot;
  }

  #count(day: string, visitor: string, dimension: Dimension, value: string, entry: boolean): void {
    const key = this.#bounded(dimension, value);
    const row = this.#row(day, dimension, key);
    row.views += 1;
    if (entry) row.entries += 1;
    const pair = `${visitor}\t${dimension}\t${key}`;
    if (this.#seen.has(pair)) return;
    if (this.#seen.size < MAX_SEEN) this.#seen.add(pair);
    row.visitors += 1;
  }

  /** The value itself, or OTHER_KEY once the day has MAX_KEYS values of the dimension. */
  #bounded(dimension: Dimension, value: string): string {
    let keys = this.#keys.get(dimension);
    if (!keys) this.#keys.set(dimension, (keys = new Set()));
    if (keys.has(value)) return value;
    if (keys.size >= MAX_KEYS) return OTHER_KEY;
    keys.add(value);
    return value;
  }

  #row(day: string, dimension: Dimension, key: string): CountRow {
    const id = rowKey(day, dimension, key);
    let row = this.#pending.get(id);
    if (!row) {
      row = { day, dimension, key, views: 0, visitors: 0, entries: 0, leads: 0 };
      this.#pending.set(id, row);
    }
    return row;
  }
}
