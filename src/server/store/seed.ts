import type { DbFile } from "./db-schema";
import type { Post, Tag } from "./types";

/**
 * Sample content for a first start on an empty data folder, so a newcomer sees a real blog
 * (docs/architecture.md section 4). Dates are fixed so pages and tests render the same every time.
 */
const TAGS: Tag[] = [
  { id: 1, name: "Product", slug: "product" },
  { id: 2, name: "Healthcare", slug: "healthcare" },
  { id: 3, name: "Retail", slug: "retail" },
  { id: 4, name: "Engineering", slug: "engineering" },
];
const [product, healthcare, retail, engineering] = TAGS as [Tag, Tag, Tag, Tag];

type SeedPost = Omit<Post, "id" | "updatedAt" | "published">;

const POSTS: SeedPost[] = [
  {
    title: "Introducing Smart Queues: Intelligent Queuing for the Modern World",
    slug: "introducing-smart-queues",
    summary: "Meet the queuing platform that lets people wait wherever they like and arrive right on time.",
    content:
      "<p>Nobody enjoys standing in line. Smart Queues replaces the line with a place in a virtual queue: " +
      "customers join from a kiosk, a QR code or the web, then get on with their day until it is their turn.</p>" +
      "<h2>What is new</h2>" +
      "<ul><li>Live position and wait-time updates by text message</li>" +
      "<li>Service points that call the next visitor with one tap</li>" +
      "<li>A dashboard that shows where the day is heading, not just where it has been</li></ul>" +
      "<h2>A visit, step by step</h2>" +
      "<ol><li>A visitor scans the QR code at the door and takes a place in line.</li>" +
      "<li>Their phone shows their position and an estimate that moves with the line.</li>" +
      "<li>A text calls them back a few minutes before their turn.</li>" +
      "<li>Staff tap Call next, and the dashboard records the visit for tomorrow's forecast.</li></ol>" +
      "<p>Smart Queues is available today for every plan.</p>",
    createdAt: "2026-09-15T09:00:00.000Z",
    tags: [product],
  },
  {
    title: "Calmer Waiting Rooms: Intelligent Queuing in Healthcare",
    slug: "calmer-waiting-rooms-healthcare",
    summary: "How clinics cut crowded waiting rooms and kept patients informed from check-in to consultation.",
    content:
      "<p>A full waiting room is stressful for patients and staff alike. Clinics using intelligent queuing " +
      "let patients check in on arrival and wait in their car, a café or at home until they are called.</p>" +
      "<h2>What clinics report</h2>" +
      "<ul><li>Fewer people in the waiting room at peak hours</li>" +
      "<li>Priority rules for urgent cases that staff can trust</li>" +
      "<li>Fewer missed appointments thanks to timely reminders</li></ul>" +
      "<p>Most of all, patients tell us they feel informed instead of forgotten.</p>",
    createdAt: "2026-07-08T09:00:00.000Z",
    tags: [healthcare],
  },
  {
    title: "Five Ways Retailers Turn the Checkout Line into a Better Experience",
    slug: "retail-checkout-line-better-experience",
    summary: "Practical ideas from stores that used queue data to open the right till at the right moment.",
    content:
      "<p>The checkout line is the last thing a shopper remembers. Retailers who treat it as part of the " +
      "experience win loyalty that lasts well beyond the receipt.</p>" +
      "<h2>Five ideas that work</h2>" +
      "<ol><li>Forecast rush hours and staff tills before the line forms</li>" +
      "<li>Offer a virtual queue for services such as returns and fittings</li>" +
      "<li>Show honest wait times on screens and phones</li>" +
      "<li>Send shoppers to the shortest line automatically</li>" +
      "<li>Review the day's queue data every evening</li></ol>" +
      "<p>Small changes add up to shorter lines and happier customers.</p>",
    createdAt: "2026-05-19T09:00:00.000Z",
    tags: [retail, product],
  },
  {
    title: "How We Predict Wait Times",
    slug: "how-we-predict-wait-times",
    summary: "A look inside the forecasting engine that turns arrivals and service times into honest estimates.",
    content:
      "<p>A wait-time estimate is a promise, so we work hard to keep it. Our engine learns from arrivals, " +
      "service durations and staffing, and updates every estimate as the day unfolds.</p>" +
      "<h2>The ingredients</h2>" +
      "<ul><li>Arrival patterns by hour, weekday and season</li>" +
      "<li>Service times per counter and per type of visit</li>" +
      "<li>Live signals: who has joined, who is being served, who has left</li></ul>" +
      "<p>The result is an estimate that is right far more often than a guess, and that says so when it is not sure.</p>",
    createdAt: "2026-03-03T09:00:00.000Z",
    tags: [engineering],
  },
];

export function seedData(): DbFile {
  const posts: Post[] = POSTS.map((post, index) => ({
    id: index + 1,
    ...post,
    tags: post.tags.map((tag) => ({ ...tag })),
    published: true,
    // Published when written: their public date is their creation (docs/decisions/185-published-means-published.md).
    publishedAt: post.createdAt,
    updatedAt: post.createdAt,
  }));
  return {
    posts,
    tags: TAGS.map((tag) => ({ ...tag })),
    users: [],
    messages: [],
    meta: { nextPostId: posts.length + 1, nextTagId: TAGS.length + 1, nextUserId: 1, nextMessageId: 1 },
  };
}
