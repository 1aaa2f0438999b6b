import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../helpers/cli";

/** What a newcomer reads first stays short, and the decision records stay findable with their status. */
const decisions = path.join(root, "docs/decisions");

describe("the docs a newcomer reads", () => {
  it("index every decision record once, in number order, each with its status", () => {
    const records = fs
      .readdirSync(decisions)
      .filter((name) => /^\d{3}-.+\.md$/.test(name))
      .sort();
    const index = fs.readFileSync(path.join(decisions, "README.md"), "utf8");
    // An entry runs from its "- [NNN](file)" to the next entry or the next paragraph.
    const entries = index
      .split(/\n(?=- \[\d{3}\])/)
      .filter((entry) => entry.startsWith("- ["))
      .map((entry) => entry.split("\n\n")[0]!);
    expect(entries.map((entry) => /^- \[\d{3}\]\(([^)]+)\)/.exec(entry)?.[1])).toEqual(records);
    const withoutStatus = entries.filter((entry) => !/\b(Accepted|Superseded by \d{3})/i.test(entry));
    expect(withoutStatus).toEqual([]);
  });

  it("keep README.md to at most 200 lines", () => {
    expect(fs.readFileSync(path.join(root, "README.md"), "utf8").split("\n").length).toBeLessThanOrEqual(200);
  });
});
