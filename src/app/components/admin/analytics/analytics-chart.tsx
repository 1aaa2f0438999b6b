import { ANALYTICS_MESSAGES, type AnalyticsDay } from "~/shared/analytics";
import { plural } from "~/shared/plural";

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { left: 44, right: 12, top: 12, bottom: 28 };

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least `max`. */
function niceTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((top) => top >= max)!;
}

/**
 * Page views (bars) and visitors (a line) per day, drawn as SVG by React: no charting library in
 * the admin bundle, and the same chart on a phone, scaled by its viewBox. The figures themselves
 * are in the summary and the tables; the chart's title says what it shows.
 */
export function AnalyticsChart({ days }: { days: AnalyticsDay[] }) {
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const top = niceTop(Math.max(0, ...days.map((d) => d.views)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = plotWidth / Math.max(days.length, 1);
  const x = (i: number) => PAD.left + i * step;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const line = days.map((d, i) => `${(x(i) + step / 2).toFixed(1)},${y(d.visitors).toFixed(1)}`).join(" ");
  // A middle line only where it is a whole number: half of a top of 1 would read as a second 1.
  const ticks = Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top];
  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby="analytics-chart-title"
      >
        <title id="analytics-chart-title">{ANALYTICS_MESSAGES.chartLabel(first, last)}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
            <text
              x={PAD.left - 6}
              y={y(tick) + 4}
              textAnchor="end"
              className="fill-slate-600 text-[11px] max-sm:text-[24px]"
            >
              {Math.round(tick).toLocaleString("en-US")}
            </text>
          </g>
        ))}
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={x(i) + step * 0.15}
            width={Math.max(step * 0.7, 0.5)}
            y={y(d.views)}
            height={Math.max(PAD.top + plotHeight - y(d.views), 0)}
            className="fill-brand-200"
          >
            <title>{`${d.day}: ${plural(d.views, "view")}, ${plural(d.visitors, "visitor")}`}</title>
          </rect>
        ))}
        {days.length > 1 && <polyline points={line} fill="none" strokeWidth={2} className="stroke-brand-700" />}
        <text x={PAD.left} y={HEIGHT - 8} className="fill-slate-600 text-[11px] max-sm:text-[24px]">
          {first}
        </text>
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 8}
          textAnchor="end"
          className="fill-slate-600 text-[11px] max-sm:text-[24px]"
        >
          {last}
        </text>
      </svg>
      <figcaption className="mt-2 flex gap-4 text-xs text-slate-700">
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-sm bg-brand-200" /> Page views
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-brand-700" /> Visitors
        </span>
      </figcaption>
    </figure>
  );
}
