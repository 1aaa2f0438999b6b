import { createHash, randomBytes } from "node:crypto";
import { dayOf, type Device } from "~/shared/analytics";
import { visitAfter, type Visit } from "./visits";

/**
 * The counts of this process since its last flush, as daily aggregates, and what it takes to
 * count visitors once a day without cookies (docs/decisions/106-analytics-without-cookies.md):
 * a visitor is a hash of a random salt, the client's address and its user agent; the salt and
 * every hash live in memory only and are replaced at each UTC midnight.
 */
export const DIMENSIONS = [
  "total",
  "page",
  "referrer",
  "campaign",
  "device",
  "notFound",
  /** Leads by the page their visit began on (docs/decisions/190-leads-credited-to-the-visit.md). */
  "landing",
  /** Leads by each post read before sending. */
  "assisted",
  /**
   * Newsletter subscriptions by the page whose form was sent ("" when it named none of ours), and
   * by each post read before (docs/decisions/262-subscriptions-credited-like-leads.md); their
   * count is kept in `leads`, so the stored shape is unchanged.
   */
  "subscribed",
  "subscribedAfter",
] as const;
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
export type Lead = Omit<View, "page"> & {
  page: string | undefined;
  /** The page the visit began on, when known. */
  landing?: string;
  /** The posts the visitor read before sending. */
  assisted?: readonly string[];
};

/** Where the values of a dimension go once a day has MAX_KEYS of them: junk cannot grow the memory or the files. */
export const OTHER_KEY = "(other)";
export const MAX_KEYS = 1_000;
/**
 * Visitor-and-value pairs remembered per day (some 20 MB at most). Past it, a visitor or a pair
 * not yet seen counts as new: a flood of made-up visitors over-counts rather than grows the memory.
 */
const MAX_SEEN = 200_000;
const MINUTE = 60_000;
const RECENT_MINUTES = 30;

export const rowKey = (day: string, dimension: Dimension, key: string) => `${day}\t${dimension}\t${key}`;

/** Today's counts of one value since the last take; kept across takes, so counting a view looks up and concatenates nothing. */
type Slot = Counts & { id: number; dimension: Dimension; key: string };
type Visitor = { id: number; seen: Set<number>; visit?: Visit };

const add = (into: Counts, from: Counts) => {
  into.views += from.views;
  into.visitors += from.visitors;
  into.entries += from.entries;
  into.leads += from.leads;
};

export class Tally {
  #day = "";
  #dayEnds = 0;
  #salt = randomBytes(32);
  /** Today's slots by dimension and value: at most MAX_KEYS values a dimension. */
  #slots = new Map<Dimension, Map<string, Slot>>(DIMENSIONS.map((d) => [d, new Map()]));
  #slotCount = 0;
  /** Earlier days' counts not taken yet, and rows given back after a failed flush. */
  #older: CountRow[] = [];
  /** Today's visitors by hash, with the slots each has counted in. */
  #visitors = new Map<string, Visitor>();
  #visitorCount = 0;
  #seenPairs = 0;
  /** Each open connection's last visitor, gone with the connection (or at midnight, by its day). */
  #lastOnConnection = new WeakMap<object, { day: string; address: string; userAgent: string; hash: string }>();
  /** The last 30 minutes, one slot per minute, visitors by their number. */
  #recent = Array.from({ length: RECENT_MINUTES }, () => ({ minute: -1, views: 0, visitors: new Set<number>() }));

  /**
   * Counts `times` page views of one visitor from `address` with `userAgent` at `now`
   * (milliseconds). `connection` (the socket) remembers its last visitor: a browser's next pages
   * on a kept-alive connection skip the hash, which costs more than all the rest of counting a view.
   */
  view(now: number, connection: object, address: string, userAgent: string, view: View, times = 1): void {
    this.#today(now);
    const last = this.#lastOnConnection.get(connection);
    let hash: string;
    if (last && last.day === this.#day && last.address === address && last.userAgent === userAgent) hash = last.hash;
    else {
      hash = this.#hash(address, userAgent);
      this.#lastOnConnection.set(connection, { day: this.#day, address, userAgent, hash });
    }
    let visitor = this.#visitors.get(hash);
    if (!visitor) {
      visitor = { id: ++this.#visitorCount, seen: new Set() };
      if (this.#seenPairs < MAX_SEEN) this.#visitors.set(hash, visitor);
    }
    visitor.visit = visitAfter(visitor.visit, view);
    const entries = view.referrer === undefined ? 0 : times;
    this.#count(visitor, this.#slot("total", ""), times, entries);
    this.#count(visitor, this.#slot("page", view.page), times, entries);
    if (view.referrer !== undefined) this.#count(visitor, this.#slot("referrer", view.referrer), times, entries);
    if (view.campaign) this.#count(visitor, this.#slot("campaign", view.campaign), times, entries);
    this.#count(visitor, this.#slot("device", view.device), times, entries);
    const minute = this.#minute(now);
    minute.views += times;
    if (minute.visitors.size < MAX_SEEN / RECENT_MINUTES) minute.visitors.add(visitor.id);
  }

  /** Today's visit of the visitor from `address` with `userAgent`, if this process has seen one. */
  visitOf(now: number, address: string, userAgent: string): Readonly<Visit> | undefined {
    this.#today(now);
    return this.#visitors.get(this.#hash(address, userAgent))?.visit;
  }

  /**
   * Counts a contact message as a lead of the page it was sent from, the page its visit began on,
   * the posts read before it, and the visit's referrer, campaign and device.
   */
  lead(now: number, lead: Lead): void {
    this.#today(now);
    this.#slot("total", "").leads += 1;
    if (lead.page !== undefined) this.#slot("page", lead.page).leads += 1;
    if (lead.landing !== undefined) this.#slot("landing", lead.landing).leads += 1;
    for (const post of lead.assisted ?? []) this.#slot("assisted", post).leads += 1;
    if (lead.referrer !== undefined) this.#slot("referrer", lead.referrer).leads += 1;
    if (lead.campaign) this.#slot("campaign", lead.campaign).leads += 1;
    this.#slot("device", lead.device).leads += 1;
  }

  /**
   * Counts a newsletter subscription (a reader who became pending) for the page its form was on
   * and for each post the reader read before, in the `leads` of those dimensions' rows.
   */
  subscription(now: number, { page, read }: { page: string; read: readonly string[] }): void {
    this.#today(now);
    this.#slot("subscribed", page).leads += 1;
    for (const post of read) this.#slot("subscribedAfter", post).leads += 1;
  }

  /** A page answered 404: one count a day, whatever the path. */
  notFound(now: number): void {
    this.#today(now);
    this.#slot("notFound", "").views += 1;
  }

  /** The rows counted since the last `take`, one per day and value, which start again from nothing. */
  take(): CountRow[] {
    const rows = this.pending();
    this.#older = [];
    for (const slots of this.#slots.values()) {
      for (const slot of slots.values()) slot.views = slot.visitors = slot.entries = slot.leads = 0;
    }
    return rows;
  }

  /** Adds rows back, when storing what `take` answered failed: they go with the next flush. */
  giveBack(rows: readonly CountRow[]): void {
    this.#older.push(...rows.map((row) => ({ ...row })));
  }

  /** The rows not taken yet, copied, one per day and value. */
  pending(): CountRow[] {
    const rows = new Map<string, CountRow>();
    const merge = (row: CountRow) => {
      const id = rowKey(row.day, row.dimension, row.key);
      const mine = rows.get(id);
      if (mine) add(mine, row);
      else rows.set(id, { ...row });
    };
    this.#older.forEach(merge);
    for (const slots of this.#slots.values()) {
      for (const { dimension, key, views, visitors, entries, leads } of slots.values()) {
        if (views || visitors || entries || leads)
          merge({ day: this.#day, dimension, key, views, visitors, entries, leads });
      }
    }
    return [...rows.values()];
  }

  /** Views and distinct visitors of the last 30 minutes before `now`. */
  recent(now: number): { views: number; visitors: number } {
    const since = Math.floor(now / MINUTE) - RECENT_MINUTES;
    const visitors = new Set<number>();
    let views = 0;
    for (const minute of this.#recent) {
      if (minute.minute <= since) continue;
      views += minute.views;
      for (const visitor of minute.visitors) visitors.add(visitor);
    }
    return { views, visitors: visitors.size };
  }

  #today(now: number): void {
    if (now < this.#dayEnds) return;
    // The day's counts wait for the next take; its visitors and salt go now: yesterday's
    // visitors can no longer be told from anyone.
    if (this.#day) this.#older.push(...this.pending().filter((row) => row.day === this.#day));
    for (const slots of this.#slots.values()) slots.clear();
    this.#day = dayOf(now);
    this.#dayEnds = Date.parse(`${this.#day}T00:00:00Z`) + 86_400_000;
    this.#salt = randomBytes(32);
    this.#visitors.clear();
    this.#seenPairs = 0;
  }

  /** A visitor's key: the day's salt, the address and the user agent, hashed (docs/decisions/106-analytics-without-cookies.md). */
  #hash(address: string, userAgent: string): string {
    return createHash("sha256").update(this.#salt).update(address).update("\n").update(userAgent).digest("base64");
  }

  #minute(now: number) {
    const minute = Math.floor(now / MINUTE);
    const slot = this.#recent[minute % RECENT_MINUTES]!;
    if (slot.minute !== minute) {
      slot.minute = minute;
      slot.views = 0;
      slot.visitors.clear();
    }
    return slot;
  }

  #count(visitor: Visitor, slot: Slot, views: number, entries: number): void {
    slot.views += views;
    slot.entries += entries;
    if (visitor.seen.has(slot.id)) return;
    if (this.#seenPairs < MAX_SEEN) {
      visitor.seen.add(slot.id);
      this.#seenPairs += 1;
    }
    slot.visitors += 1;
  }

  /** Today's slot of the value, or of OTHER_KEY once the day has MAX_KEYS values of the dimension. */
  #slot(dimension: Dimension, value: string): Slot {
    const slots = this.#slots.get(dimension)!;
    let slot = slots.get(value);
    if (slot) return slot;
    const key = slots.size >= MAX_KEYS ? OTHER_KEY : value;
    slot = slots.get(key);
    if (!slot) {
      slot = { id: ++this.#slotCount, dimension, key, views: 0, visitors: 0, entries: 0, leads: 0 };
      slots.set(key, slot);
    }
    return slot;
  }
}
