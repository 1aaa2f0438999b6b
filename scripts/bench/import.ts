import { spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { wxr, wpItem } from "../../tests/helpers/import-exports";
import { mb, type Target } from "./report";
import { PARAGRAPH } from "./many-posts";

/**
 * `npm run bench -- --import`: a generated WordPress export of `count` posts (each with two
 * categories, a tag, a caption, an embed and a link to another post; about 3 KB of content) imported
 * by the built server's command line into an empty data folder, timed, with the process's peak RSS
 * read from /proc while it runs (docs/decisions/250-imports-in-journalled-batches.md).
 */
export type ImportResult = { posts: number; bytes: number; seconds: number; peakRss: number; code: number | null };

export async function writeExport(file: string, count: number): Promise<number> {
  const out = createWriteStream(file);
  const [head, tail] = wxr({ items: ["@@ITEMS@@"] }).split("@@ITEMS@@");
  out.write(head);
  for (let n = 1; n <= count; n++) {
    const chunk = wpItem({
      id: n,
      title: `Queue notes ${n}`,
      slug: `queue-notes-${n}`,
      date: `20${10 + (n % 15)}-0${1 + (n % 9)}-1${n % 10} 10:00:00`,
      content:
        `<!-- wp:paragraph -->\n${PARAGRAPH.repeat(8)}\n<!-- /wp:paragraph -->\n` +
        `[caption width="300"]<img src="https://old-blog.example/wp-content/uploads/none.png" alt="x"> A caption[/caption]\n` +
        `https://www.youtube.com/watch?v=dQw4w9WgXcQ\n` +
        `<p>See <a href="https://old-blog.example/?p=${1 + (n % count)}">another post</a>.</p>`,
      categories: [
        [`topic-${n % 12}`, `Topic ${n % 12}`],
        ["retail", "Retail"],
      ],
      tags: [[`tag-${n % 40}`, `Tag ${n % 40}`]],
    });
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end(tail);
  await once(out, "finish");
  return readFileSync(file).length;
}

export async function importPart(work: string, count: number, root: string): Promise<ImportResult> {
  const file = path.join(work, "export.xml");
  const bytes = await writeExport(file, count);
  const data = path.join(work, "import-data");
  const started = performance.now();
  // The images are on no reachable host: with none allowed, each fails at once, as offline.
  const child = spawn(
    process.execPath,
    [path.join(root, "build/server.js"), "import", "wordpress", file, "--data", data],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", ADMIN_USERNAME: "", ADMIN_PASSWORD: "", DATABASE_URL: "" },
      stdio: ["ignore", "ignore", "ignore"],
    },
  );
  let peakRss = 0;
  const poll = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
      if (hwm) peakRss = Math.max(peakRss, Number(hwm[1]) * 1024);
    } catch {
      // Gone between the tick and the read.
    }
  }, 50);
  const [code] = (await once(child, "exit")) as [number | null];
  clearInterval(poll);
  return { posts: count, bytes, seconds: (performance.now() - started) / 1000, peakRss, code };
}

export const importReport = (r: ImportResult) =>
  `Import of a generated ${r.posts}-post WordPress export (${mb(r.bytes)}): ${r.seconds.toFixed(1)} s, peak RSS ${mb(r.peakRss)}${r.code === 0 ? "" : ` (exit code ${r.code})`}`;

export const importTarget = (r: ImportResult): Target => ({
  name: `${r.posts}-post WXR import under 2 minutes`,
  met: r.code === 0 && r.seconds < 120,
  value: `${r.seconds.toFixed(1)} s, peak RSS ${mb(r.peakRss)}`,
});
