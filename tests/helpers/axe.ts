import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

/** docs/architecture.md section 8: axe-core, injected into the page, lists what it finds. */
const AXE_SOURCE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

type Violation = { id: string; impact: string; help: string; nodes: { target: string[] }[] };

export async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not as an inline <script>: the pages' script policy
  // allows only their own scripts, by hash.
  await page.evaluate(readFileSync(AXE_SOURCE, "utf8"));
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    // Embedded players are other sites' documents; what we own is the frame's title, checked by frame-title.
    // Only the violations are read: resultTypes keeps axe from gathering every node of the passes too.
    return (await axe.run(document, { exclude: [["iframe"]], resultTypes: ["violations"] })).violations;
  });
  return found.map(
    (v: Violation) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
}
