import { describe, expect, it } from "vitest";
import { runScript } from "../helpers/node-script";

/**
 * The rewrite of post images must read content once: a search that starts over at every space
 * held the server for seconds per read of one writer's post. This bounds the work without
 * timing it: a megabyte of the worst shape is rewritten in a child process that is stopped after
 * a limit hundreds of times what a linear pass needs (today a few milliseconds; the quadratic
 * search needed hours), so only a pass that is not linear can miss it.
 */
const LIMIT_MS = 60_000;

const SCRIPT = `
import { withResponsiveImages } from "./src/server/media/responsive-html.ts";
const spaces = " ".repeat(1_000_000);
const html = '<p><img src="https://x.example/a.png" alt="a' + spaces + 'b" /></p><img src="/x.png"' + spaces + '/>';
const out = withResponsiveImages(html, (src) => ({ src, width: 10, height: 5 }));
process.stdout.write(String(out.split('width="10"').length - 1));
`;

describe("responsive images in a hostile post", () => {
  it(
    "rewrites a megabyte of spaces inside and after an <img> in one pass",
    async () => {
      const { code, stdout } = await runScript(SCRIPT, { timeoutMs: LIMIT_MS });
      expect({ code, stdout }).toEqual({ code: 0, stdout: "2" });
    },
    LIMIT_MS + 10_000,
  );
});
