import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnalyticsChart } from "~/app/components/admin/analytics/analytics-chart";

/** The numbers written on the chart's axis, bottom to top. */
function axisOf(views: number[]): string[] {
  const days = views.map((count, i) => ({
    day: `2026-11-${String(i + 1).padStart(2, "0")}`,
    views: count,
    visitors: count,
    leads: 0,
    subscriptions: 0,
  }));
  const html = renderToStaticMarkup(createElement(AnalyticsChart, { days }));
  // The axis's numbers, not the last day's date written at the same edge.
  return [...html.matchAll(/<text[^>]*text-anchor="end"[^>]*>([\d,]+)<\/text>/g)].map((m) => m[1]!);
}

describe("the analytics chart's axis", () => {
  it("writes each number once, with a middle line only where it is a whole number", () => {
    expect(axisOf([0, 1])).toEqual(["0", "1"]);
    expect(axisOf([3, 1])).toEqual(["0", "5"]);
    expect(axisOf([7, 2])).toEqual(["0", "5", "10"]);
    expect(axisOf([1_500])).toEqual(["0", "1,000", "2,000"]);
  });
});
