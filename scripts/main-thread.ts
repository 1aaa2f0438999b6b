import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../tests/helpers/browser";
import { LANDING, startAuditSite, takeOption, takeRuns } from "./audit-site";
import { BLOCKING_OVER_MS, SLOWDOWN, mainThreadCost, type Load, type TraceEvent } from "./main-thread-cost";

/**
 * `npm run main-thread [-- --runs N] [-- --block REGEX] [-- /path ...]`: what a page's load costs
 * the browser's main thread, in the CPU time of each task, on the site of ./audit-site.ts, in the
 * installed Chromium at a phone's size. Lighthouse's total blocking time is each task after the
 * first contentful paint, slowed four times, less 50 ms; it reads the tasks' wall time, which a
 * busy machine stretches at random (one build scored 520 to 750 ms in turn on this shared
 * machine). The CPU a task used is far steadier, so this prints, for each load: the CPU of the
 * tasks before and after the first paint, the long ones after it, and the blocking time they
 * make at four times (docs/benchmarks.md, "What a phone's blocking time is made of").
 * `--block` refuses the requests whose address matches (`\.js$` for the page without its
 * JavaScript, `\.woff2$` without its font) to see what each part costs.
 */
const args = process.argv.slice(2);
const runs = takeRuns(args, 3);
const blockSource = takeOption(args, "--block");
const block = blockSource ? new RegExp(blockSource) : undefined;
const pages = args.length ? args : ["/", LANDING.path];

/** Lighthouse's mobile preset's screen, a Moto G Power's. */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** How long after the load event the trace goes on: the scripts load, run and hydrate in it. */
const SETTLE_MS = 2500;

async function traceLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext(PHONE);
  try {
    if (block) await context.route(block, (route) => route.abort("blockedbyclient"));
    const page = await context.newPage();
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
    await page.goto(url);
    // No polling of the page while it is traced: each poll would be a task of its own.
    await new Promise((settle) => setTimeout(settle, SETTLE_MS));
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
    const hydrated = await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
    if (!block && !hydrated) throw new Error(`${url} had not hydrated ${SETTLE_MS} ms after its load event`);
    return mainThreadCost(trace.traceEvents, new URL(url).origin);
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const site = await startAuditSite();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
try {
  console.log(
    `Main thread of a page's load, CPU time per task${block ? `, requests matching ${block} refused` : ""}; ` +
      `blocking = each task after the first paint x${SLOWDOWN}, less ${BLOCKING_OVER_MS} ms`,
  );
  for (const path of pages) {
    const url = site.url + path;
    await fetch(url).then((res) => res.arrayBuffer());
    const loads: Load[] = [];
    for (let i = 0; i < runs; i++) {
      const load = await traceLoad(browser, url);
      loads.push(load);
      const long = load.long.map((cpu) => Math.round(cpu)).join(", ") || "none";
      console.log(
        `${path.padEnd(24)} before paint ${ms(load.before).padStart(7)}, after ${ms(load.after).padStart(7)}, ` +
          `blocking ${ms(load.blocking).padStart(7)}   long tasks after paint (ms CPU): ${long}`,
      );
    }
    if (runs > 1) {
      const of = (pick: (load: Load) => number) => ms(median(loads.map(pick)));
      console.log(
        `${`${path} median`.padEnd(24)} before paint ${of((l) => l.before).padStart(7)}, after ${of((l) => l.after).padStart(7)}, blocking ${of((l) => l.blocking).padStart(7)}`,
      );
    }
  }
} catch (error) {
  console.error(site.errors());
  throw error;
} finally {
  await browser.close();
  await site.stop();
}
