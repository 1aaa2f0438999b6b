/** Text as React writes it into HTML, so tests can look for copy that holds `&`, quotes or `<`. */
export function asHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

export function titleOf(html: string): string | undefined {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1];
}

export function metaDescriptionOf(html: string): string | undefined {
  return /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
}

/** The text of every `<hN>` heading of a page, in order, tags removed and `&amp;`-style references read. */
export function headingsOf(html: string, level: number): string[] {
  const pattern = new RegExp(`<h${level}\\b[^>]*>([\\s\\S]*?)</h${level}>`, "g");
  return [...html.matchAll(pattern)].map((m) => decodeText(m[1]!.replace(/<[^>]*>/g, "")).trim());
}

function decodeText(text: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
  return text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, name: string) => named[name]!);
}
