import { LiveMark } from "./live-mark";

/**
 * The home page's picture of the product in use, drawn in HTML and CSS (no image request, sharp at
 * any size, no layout shift): a visitor's phone showing their place in line and wait time, in
 * front of the staff dashboard that runs the same queue. Sample data, described once for screen
 * readers by the label.
 */
const QUEUE = [
  { ticket: "A-13", name: "Sam K.", wait: "2 min" },
  { ticket: "A-14", name: "Priya N.", wait: "4 min" },
  { ticket: "A-15", name: "You", wait: "6 min" },
  { ticket: "A-16", name: "Leo M.", wait: "9 min" },
] as const;
/** Average wait by hour, for the dashboard's little chart (percent of its height). */
const WAIT_BY_HOUR = [30, 45, 70, 95, 80, 55, 40, 60, 75, 50] as const;

export const HERO_ILLUSTRATION_LABEL =
  "A visitor's phone showing place number 3 in line with about 6 minutes to wait, in front of the staff dashboard for the same queue";

export function HeroIllustration() {
  return (
    <div
      role="img"
      aria-label={HERO_ILLUSTRATION_LABEL}
      className="relative mx-auto w-full max-w-[34rem] pb-24 pl-8 sm:pb-28 sm:pl-16"
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-3.5 text-left shadow-xl shadow-brand-900/10 sm:p-5">
        <div className="flex items-center justify-between text-xs text-slate-600">
          <span className="font-semibold text-slate-900">Front desk</span>
          <LiveMark dot="bg-emerald-500" />
        </div>
        <div className="mt-2 flex items-end justify-between rounded-xl bg-brand-700 px-4 py-2.5 text-white sm:mt-3 sm:py-3">
          <div>
            <div className="text-xs text-brand-100">Now serving</div>
            <div className="text-2xl font-bold tracking-tight sm:text-3xl">A-12</div>
          </div>
          <div className="rounded-md bg-white px-2.5 py-1 text-xs font-semibold text-brand-800">Call next</div>
        </div>
        <ul className="mt-2 divide-y divide-slate-100 text-xs sm:mt-3 sm:text-sm">
          {QUEUE.map((row) => (
            <li
              key={row.ticket}
              className={
                row.name === "You"
                  ? "-mx-2 flex justify-between rounded-md bg-brand-50 px-2 py-1 sm:py-1.5"
                  : "flex justify-between py-1 sm:py-1.5"
              }
            >
              <span className="font-mono text-slate-600">{row.ticket}</span>
              <span className="flex-1 pl-3 text-slate-800">{row.name === "You" ? "Alex R." : row.name}</span>
              <span className="text-slate-600">{row.wait}</span>
            </li>
          ))}
        </ul>
        <div className="mt-2 text-right text-xs text-slate-600 sm:mt-3">Average wait today</div>
        <div className="mt-1 flex h-10 items-end gap-1.5 sm:h-12">
          {WAIT_BY_HOUR.map((height, i) => (
            <span key={i} className="flex-1 rounded-t bg-brand-200 odd:bg-brand-300" style={{ height: `${height}%` }} />
          ))}
        </div>
      </div>
      <div className="absolute bottom-0 left-0 w-[42%] max-w-[12rem] rounded-[1.75rem] border-[5px] border-slate-900 bg-white p-2.5 text-center shadow-2xl shadow-slate-900/30 sm:p-3">
        <div className="mx-auto mb-1.5 h-1.5 w-10 rounded-full bg-slate-200 sm:mb-2" />
        <div className="text-[11px] font-medium text-slate-600">Your place in line</div>
        <div className="text-3xl font-extrabold text-brand-700 sm:text-4xl">3</div>
        <div className="mt-1 text-[11px] text-slate-600">Estimated wait</div>
        <div className="text-lg font-bold text-slate-900">~6 min</div>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full w-2/3 rounded-full bg-emerald-500" />
        </div>
        <div className="mt-2 rounded-lg bg-emerald-50 px-1.5 py-1 text-[11px] leading-tight text-emerald-800">
          We'll text you when it's your turn
        </div>
      </div>
    </div>
  );
}
