import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * docs/architecture.md section 3 (Layers): loaders and actions reach src/server only through the
 * load context, so React Router's server bundle (build/server) holds no copy of src/server's code
 * and imports none of the packages only src/server uses. A copy would be a second set of the
 * error classes (where `instanceof` fails) and would drag Express into the pages' bundle.
 */
const BUNDLE_DIR = path.resolve("build/server");

/** Every file of the React Router server build: index.js and its chunks. */
function bundleText(): string {
  const chunks = readdirSync(path.join(BUNDLE_DIR, "assets")).filter((f) => f.endsWith(".js"));
  return ["index.js", ...chunks.map((f) => `assets/${f}`)]
    .map((f) => readFileSync(path.join(BUNDLE_DIR, f), "utf8"))
    .join("\n");
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => readFileSync(path.join(dir, f), "utf8"));
}

/** The packages a piece of code imports, by package name ("@scope/name" or "name"), `node:` built-ins left out. */
function packagesImported(code: string): Set<string> {
  const names = new Set<string>();
  const specifiers = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'.][^"']*)["']/g;
  for (const [, spec = ""] of code.matchAll(specifiers)) {
    if (spec.startsWith("node:")) continue;
    const parts = spec.split("/");
    names.add(spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!);
  }
  return names;
}

/** Names declared at the top level of a module (the bundle keeps them: it is not minified). */
const TOP_LEVEL_DECLARATION = /^(?:export\s+)?(?:async\s+)?(?:function\*?|class|const|let|var)\s+([\w$]+)/gm;
const topLevelNames = (code: string) => new Set([...code.matchAll(TOP_LEVEL_DECLARATION)].map((m) => m[1]!));

let bundle: string;
let bundleNames: Set<string>;
beforeAll(() => {
  bundle = bundleText();
  bundleNames = topLevelNames(bundle);
});

describe("React Router's server bundle", () => {
  it("keeps the names of what it holds, so the checks below can see a copy of server code", () => {
    expect(bundleNames).toContain("contactAction");
    expect(bundleNames).toContain("sessionUserLoader");
  });

  it("holds none of src/server's exported classes, functions or constants", () => {
    const serverNames = new Set(
      sourceFiles("src/server").flatMap((code) =>
        [...code.matchAll(/^export\s+(?:async\s+)?(?:function|class|const)\s+(\w+)/gm)].map((m) => m[1]!),
      ),
    );
    expect(serverNames).toContain("HttpError");
    expect([...serverNames].filter((name) => bundleNames.has(name))).toEqual([]);
  });

  it("imports none of the packages only src/server uses (Express above all)", () => {
    const importedBy = (...dirs: string[]) =>
      new Set(dirs.flatMap(sourceFiles).flatMap((code) => [...packagesImported(code)]));
    const elsewhere = importedBy("src/app", "src/shared");
    const serverOnly = [...importedBy("src/server")].filter((p) => !elsewhere.has(p));
    expect(serverOnly).toContain("express");
    expect([...packagesImported(bundle)].filter((p) => serverOnly.includes(p))).toEqual([]);
  });
});
