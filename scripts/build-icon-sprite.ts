import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ICON_NAMES } from "~/app/components/icon-names";

/**
 * `npm run icons`: writes src/app/assets/icons.svg, one <symbol> per name in icon-names.ts, from
 * lucide-static's SVG files. One sprite, referenced with <use>, costs the pages no JavaScript and
 * one cached request (docs/decisions/031-icons-and-illustrations.md). A unit test checks the file
 * is what this script would write.
 */
export const SPRITE_FILE = path.resolve("src/app/assets/icons.svg");
const LUCIDE_DIR = path.resolve("node_modules/lucide-static/icons");

export function buildSprite(): string {
  const version = (
    JSON.parse(readFileSync(path.resolve("node_modules/lucide-static/package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  const symbols = ICON_NAMES.map((name) => {
    const svg = readFileSync(path.join(LUCIDE_DIR, `${name}.svg`), "utf8");
    const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1];
    if (!inner) throw new Error(`lucide-static has no drawing for ${name}`);
    const body = inner.replace(/\s*\n\s*/g, "").replace(/\s*\/>/g, "/>");
    return `<symbol id="${name}" viewBox="0 0 24 24">${body}</symbol>`;
  });
  return [
    `<!-- Icons from Lucide (lucide-static ${version}), ISC licence: https://lucide.dev/license. Written by npm run icons. -->`,
    `<svg xmlns="http://www.w3.org/2000/svg">`,
    ...symbols,
    `</svg>`,
    "",
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve("scripts/build-icon-sprite.ts")) {
  writeFileSync(SPRITE_FILE, buildSprite());
  console.log(`${SPRITE_FILE}: ${ICON_NAMES.length} icons`);
}
