import type { IndustrySceneName } from "~/shared/site-content";

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

/** One scene from its rows written as tuples, so the ten tables below read as data. */
function scene(
  board: string,
  lines: readonly [LineRow, LineRow, LineRow],
  [title, text]: readonly [string, string],
  [backdrop, header, accent]: readonly [string, string, string],
): IndustryScene {
  const line = ([name, waiting, wait]: LineRow): QueueLine => ({ name, waiting, wait });
  return {
    board,
    lines: [line(lines[0]), line(lines[1]), line(lines[2])],
    message: { title, text },
    theme: { backdrop, header, accent },
  };
}
/** A queue line as [name, people waiting, wait or return time]. */
type LineRow = readonly [string, number, string];

export const INDUSTRY_SCENES: { readonly [K in IndustrySceneName]: IndustryScene } = {
  hospitality: scene(
    "Tonight's waitlist",
    [
      ["Table for 2", 4, "15 min"],
      ["Table for 4", 6, "25 min"],
      ["Bar seating", 2, "5 min"],
    ],
    ["Your table is ready", "Table 12 for 4 is set. Please come to the host stand."],
    ["from-amber-100 via-orange-50 to-rose-100", "bg-amber-800", "bg-amber-50 text-amber-900"],
  ),
  healthcare: scene(
    "Walk-in clinic",
    [
      ["Check-in", 3, "6 min"],
      ["Lab draw", 5, "12 min"],
      ["Pharmacy pickup", 2, "4 min"],
    ],
    ["You're up next", "Room 3 will be ready in about 5 minutes. You can head back in."],
    ["from-teal-100 via-cyan-50 to-sky-100", "bg-teal-800", "bg-teal-50 text-teal-900"],
  ),
  airports: scene(
    "Terminal 2 departures",
    [
      ["Security lane A", 38, "14 min"],
      ["Security lane B", 17, "6 min"],
      ["Bag drop", 9, "4 min"],
    ],
    ["Lane B is shorter", "Security lane B: about 6 minutes. Your flight boards at 14:20."],
    ["from-sky-100 via-blue-50 to-indigo-100", "bg-sky-900", "bg-sky-50 text-sky-900"],
  ),
  entertainment: scene(
    "Stadium concessions",
    [
      ["Gate 4 entry", 120, "8 min"],
      ["Stand 112 food", 14, "6 min"],
      ["Team store", 22, "11 min"],
    ],
    ["Order ready at Stand 112", "2 hot dogs and 2 drinks are waiting. Pickup window 3."],
    ["from-emerald-100 via-lime-50 to-green-100", "bg-emerald-900", "bg-emerald-50 text-emerald-900"],
  ),
  "theme-parks": scene(
    "Ride return times",
    [
      ["Sky Coaster", 240, "2:40 PM"],
      ["River Rapids", 90, "1:55 PM"],
      ["Character lunch", 30, "12:30 PM"],
    ],
    ["Time to ride", "Your Sky Coaster window is open until 3:10 PM. Enjoy!"],
    ["from-fuchsia-100 via-pink-50 to-orange-100", "bg-fuchsia-900", "bg-fuchsia-50 text-fuchsia-900"],
  ),
  government: scene(
    "Licensing office",
    [
      ["License renewal", 7, "12 min"],
      ["Permits", 3, "20 min"],
      ["Benefits", 5, "15 min"],
    ],
    ["Counter 6 is ready for you", "License renewal, ticket R-204. Bring your ID and proof of address."],
    ["from-slate-200 via-slate-50 to-blue-100", "bg-slate-800", "bg-slate-100 text-slate-900"],
  ),
  logistics: scene(
    "Dock schedule",
    [
      ["Inbound, doors 1-8", 5, "25 min"],
      ["Outbound, doors 9-14", 3, "10 min"],
      ["Will-call counter", 4, "7 min"],
    ],
    ["Pull in to door 14", "Carrier NX-221: your door is free. Yard exit on the left."],
    ["from-orange-100 via-amber-50 to-yellow-100", "bg-orange-900", "bg-orange-50 text-orange-900"],
  ),
  retail: scene(
    "Store services",
    [
      ["Fitting rooms", 6, "8 min"],
      ["Repair counter", 4, "18 min"],
      ["Returns", 2, "3 min"],
    ],
    ["Fitting room 5 is free", "It's your turn. Keep browsing until you're back, we'll hold it 5 minutes."],
    ["from-rose-100 via-pink-50 to-violet-100", "bg-rose-900", "bg-rose-50 text-rose-900"],
  ),
  finance: scene(
    "Main Street branch",
    [
      ["Tellers", 4, "5 min"],
      ["Advisor meetings", 2, "10:30"],
      ["Card services", 3, "9 min"],
    ],
    ["Your advisor is ready", "Meeting room 2 at 10:30. Have your ID and statements to hand."],
    ["from-emerald-100 via-teal-50 to-cyan-100", "bg-teal-950", "bg-emerald-50 text-emerald-900"],
  ),
  education: scene(
    "Student services",
    [
      ["Financial aid", 11, "22 min"],
      ["Registrar", 6, "12 min"],
      ["TA office hours", 3, "9 min"],
    ],
    ["You're next at financial aid", "Desk 4 in about 5 minutes. Finish your coffee, then head over."],
    ["from-indigo-100 via-violet-50 to-blue-100", "bg-indigo-900", "bg-indigo-50 text-indigo-900"],
  ),
};
