import { Jimp } from "jimp";

/**
 * `npm run bench`'s image part: uploading a 2 MB JPEG through /api/cms/uploads (a new picture
 * each time, so none is a duplicate), then a post's social card fetched first (made) and again
 * (kept in memory).
 */
const UPLOADS = 5;
const REPEATS = 20;

/** A photo-like JPEG of about 2 MB: noise does not compress, as a camera's grain does not. */
async function twoMegabyteJpeg(seed: number): Promise<Buffer> {
  const image = new Jimp({ width: 1200, height: 900, color: 0x808080ff });
  let x = seed * 2654435761;
  const data = image.bitmap.data;
  for (let i = 0; i < data.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    if (i % 4 !== 3) data[i] = x >>> 24;
  }
  return image.getBuffer("image/jpeg", { quality: 90 });
}

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;

async function timed(run: () => Promise<Response>, expected: number): Promise<number> {
  const started = performance.now();
  const res = await run();
  await res.arrayBuffer();
  if (res.status !== expected) throw new Error(`${res.url} answered ${res.status}`);
  return performance.now() - started;
}

export async function measureImages(base: string, cookie: string) {
  const files = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => twoMegabyteJpeg(i + 1)));
  const uploads: number[] = [];
  for (const [i, bytes] of files.entries()) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `photo-${i}.jpg`);
    uploads.push(
      await timed(
        () =>
          fetch(`${base}/api/cms/uploads`, { method: "POST", headers: { Origin: base, Cookie: cookie }, body: form }),
        201,
      ),
    );
  }

  const created = await fetch(`${base}/api/cms/simple-create-post`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, Cookie: cookie },
    body: JSON.stringify({
      title: "A post with a social card",
      slug: "bench-social-card",
      summary: "For npm run bench.",
      content: "<p>A post written by the benchmark to time its social card.</p>",
      published: true,
    }),
  });
  if (created.status !== 201) throw new Error(`creating a post answered ${created.status}`);
  const page = await (await fetch(`${base}/blog/bench-social-card`)).text();
  const card = /<meta property="og:image" content="[^"]*?(\/social\/[^"]+)"/.exec(page)?.[1];
  if (!card) throw new Error("the post page names no social card");
  const first = await timed(() => fetch(base + card), 200);
  const repeats: number[] = [];
  for (let i = 0; i < REPEATS; i++) repeats.push(await timed(() => fetch(base + card), 200));

  return {
    uploadBytes: files.reduce((sum, f) => sum + f.length, 0) / files.length,
    upload: { median: median(uploads), slowest: Math.max(...uploads) },
    card: { first, repeat: median(repeats) },
  };
}
