import type { IndustryId } from "~/shared/industries";

/**
 * What each industry page's hero shows: the venue's own queue board (three lines it runs, with
 * their waits) and the message a visitor's phone gets, in the industry's own colours, so the ten
 * pages each picture their own place. Sample data, not figures about any customer.
 * The colour classes are written out whole so Tailwind finds them.
 */
export type IndustryScene = {
  board: string;
  lines: readonly [QueueLine, QueueLine, QueueLine];
  message: { title: string; text: string };
  /** Backdrop gradient, the board's header colour and the accent of the phone message. */
  theme: { backdrop: string; header: string; accent: string };
};
type QueueLine = { name: string; waiting: number; wait: string };

export const INDUSTRY_SCENES: { readonly [K in IndustryId]: IndustryScene } = {
  hospitality: {
    board: "Tonight's waitlist",
    lines: [
      { name: "Table for 2", waiting: 4, wait: "15 min" },
      { name: "Table for 4", waiting: 6, wait: "25 min" },
      { name: "Bar seating", waiting: 2, wait: "5 min" },
    ],
    message: { title: "Your table is ready", text: "Table 12 for 4 is set. Please come to the host stand." },
    theme: {
      backdrop: "from-amber-100 via-orange-50 to-rose-100",
      header: "bg-amber-800",
      accent: "bg-amber-50 text-amber-900",
    },
  },
  healthcare: {
    board: "Walk-in clinic",
    lines: [
      { name: "Check-in", waiting: 3, wait: "6 min" },
      { name: "Lab draw", waiting: 5, wait: "12 min" },
      { name: "Pharmacy pickup", waiting: 2, wait: "4 min" },
    ],
    message: { title: "You're up next", text: "Room 3 will be ready in about 5 minutes. You can head back in." },
    theme: {
      backdrop: "from-teal-100 via-cyan-50 to-sky-100",
      header: "bg-teal-800",
      accent: "bg-teal-50 text-teal-900",
    },
  },
  airports: {
    board: "Terminal 2 departures",
    lines: [
      { name: "Security lane A", waiting: 38, wait: "14 min" },
      { name: "Security lane B", waiting: 17, wait: "6 min" },
      { name: "Bag drop", waiting: 9, wait: "4 min" },
    ],
    message: { title: "Lane B is shorter", text: "Security lane B: about 6 minutes. Your flight boards at 14:20." },
    theme: {
      backdrop: "from-sky-100 via-blue-50 to-indigo-100",
      header: "bg-sky-900",
      accent: "bg-sky-50 text-sky-900",
    },
  },
  entertainment: {
    board: "Stadium concessions",
    lines: [
      { name: "Gate 4 entry", waiting: 120, wait: "8 min" },
      { name: "Stand 112 food", waiting: 14, wait: "6 min" },
      { name: "Team store", waiting: 22, wait: "11 min" },
    ],
    message: { title: "Order ready at Stand 112", text: "2 hot dogs and 2 drinks are waiting. Pickup window 3." },
    theme: {
      backdrop: "from-emerald-100 via-lime-50 to-green-100",
      header: "bg-emerald-900",
      accent: "bg-emerald-50 text-emerald-900",
    },
  },
  "theme-parks": {
    board: "Ride return times",
    lines: [
      { name: "Sky Coaster", waiting: 240, wait: "2:40 PM" },
      { name: "River Rapids", waiting: 90, wait: "1:55 PM" },
      { name: "Character lunch", waiting: 30, wait: "12:30 PM" },
    ],
    message: { title: "Time to ride", text: "Your Sky Coaster window is open until 3:10 PM. Enjoy!" },
    theme: {
      backdrop: "from-fuchsia-100 via-pink-50 to-orange-100",
      header: "bg-fuchsia-900",
      accent: "bg-fuchsia-50 text-fuchsia-900",
    },
  },
  government: {
    board: "Licensing office",
    lines: [
      { name: "License renewal", waiting: 7, wait: "12 min" },
      { name: "Permits", waiting: 3, wait: "20 min" },
      { name: "Benefits", waiting: 5, wait: "15 min" },
    ],
    message: {
      title: "Counter 6 is ready for you",
      text: "License renewal, ticket R-204. Bring your ID and proof of address.",
    },
    theme: {
      backdrop: "from-slate-200 via-slate-50 to-blue-100",
      header: "bg-slate-800",
      accent: "bg-slate-100 text-slate-900",
    },
  },
  logistics: {
    board: "Dock schedule",
    lines: [
      { name: "Inbound, doors 1-8", waiting: 5, wait: "25 min" },
      { name: "Outbound, doors 9-14", waiting: 3, wait: "10 min" },
      { name: "Will-call counter", waiting: 4, wait: "7 min" },
    ],
    message: { title: "Pull in to door 14", text: "Carrier NX-221: your door is free. Yard exit on the left." },
    theme: {
      backdrop: "from-orange-100 via-amber-50 to-yellow-100",
      header: "bg-orange-900",
      accent: "bg-orange-50 text-orange-900",
    },
  },
  retail: {
    board: "Store services",
    lines: [
      { name: "Fitting rooms", waiting: 6, wait: "8 min" },
      { name: "Repair counter", waiting: 4, wait: "18 min" },
      { name: "Returns", waiting: 2, wait: "3 min" },
    ],
    message: {
      title: "Fitting room 5 is free",
      text: "It's your turn. Keep browsing until you're back, we'll hold it 5 minutes.",
    },
    theme: {
      backdrop: "from-rose-100 via-pink-50 to-violet-100",
      header: "bg-rose-900",
      accent: "bg-rose-50 text-rose-900",
    },
  },
  finance: {
    board: "Main Street branch",
    lines: [
      { name: "Tellers", waiting: 4, wait: "5 min" },
      { name: "Advisor meetings", waiting: 2, wait: "10:30" },
      { name: "Card services", waiting: 3, wait: "9 min" },
    ],
    message: { title: "Your advisor is ready", text: "Meeting room 2 at 10:30. Have your ID and statements to hand." },
    theme: {
      backdrop: "from-emerald-100 via-teal-50 to-cyan-100",
      header: "bg-teal-950",
      accent: "bg-emerald-50 text-emerald-900",
    },
  },
  education: {
    board: "Student services",
    lines: [
      { name: "Financial aid", waiting: 11, wait: "22 min" },
      { name: "Registrar", waiting: 6, wait: "12 min" },
      { name: "TA office hours", waiting: 3, wait: "9 min" },
    ],
    message: {
      title: "You're next at financial aid",
      text: "Desk 4 in about 5 minutes. Finish your coffee, then head over.",
    },
    theme: {
      backdrop: "from-indigo-100 via-violet-50 to-blue-100",
      header: "bg-indigo-900",
      accent: "bg-indigo-50 text-indigo-900",
    },
  },
};
