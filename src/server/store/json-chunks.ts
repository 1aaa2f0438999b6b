/**
 * `JSON.stringify(value, null, 2) + "\n"`, the exact same text, handed out in pieces: each element
 * of a top-level array is serialised on its own. db.json with 10,000 posts is about 30 MB of
 * text; building it as one string, then one Buffer, for every write held 60 MB more at each
 * write and kept the server's memory above the 300 MB bound of docs/decisions/003-rendered-page-cache.md.
 */
export function* prettyJsonChunks(value: object): Generator<string> {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined && typeof v !== "function");
  yield "{";
  for (const [i, [key, v]] of entries.entries()) {
    yield `${i === 0 ? "" : ","}\n  ${JSON.stringify(key)}: `;
    if (Array.isArray(v) && v.length > 0) {
      yield "[";
      for (const [j, element] of v.entries()) yield `${j === 0 ? "" : ","}\n    ${indent(element, "    ")}`;
      yield "\n  ]";
    } else {
      yield indent(v, "  ");
    }
  }
  yield entries.length ? "\n}\n" : "}\n";
}

/** An element as JSON.stringify(…, null, 2) writes it when nested at this depth. */
const indent = (v: unknown, prefix: string) => (JSON.stringify(v, null, 2) ?? "null").replace(/\n/g, `\n${prefix}`);
