import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import accepts from "accepts";
import fresh from "fresh";

/**
 * One rendered page as the HTML cache keeps it: the body once, its gzip and brotli
 * copies compressed once, a strong ETag and the headers the full stack produced for it.
 */
export type CachedPage = {
  status: number;
  headers: [name: string, value: string | string[]][];
  etag: string;
  identity: Buffer;
  /** Absent when compressing did not make the body smaller (robots.txt). */
  gzip?: Buffer;
  br?: Buffer;
  /** What the page costs the cache's byte bound. */
  bytes: number;
};

/** Set per response by sendPage or by Node, so never replayed from a stored page. */
const PER_RESPONSE = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "etag",
  "vary",
  "x-cache",
  // Sent over HTTPS only: one kept copy serves both schemes, and sendPage adds it per request.
  "strict-transport-security",
]);

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
// Quality 6: a page is recompressed after each write that touches it, and quality 11 took 30 to 50 ms a
// page on the benchmark machine (against 1 ms) for bodies only about 10% smaller.
const BROTLI_QUALITY = 6;

/** Compresses on libuv's thread pool, so a 3 MB feed does not hold up requests for other pages. */
export async function buildPage(status: number, headers: OutgoingHttpHeaders, body: Buffer): Promise<CachedPage> {
  const [gzipped, brotlied] = await Promise.all([
    gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  ]);
  const kept: CachedPage["headers"] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || PER_RESPONSE.has(name)) continue;
    kept.push([name, typeof value === "number" ? String(value) : value]);
  }
  const gz = gzipped.length < body.length ? gzipped : undefined;
  const bro = brotlied.length < body.length ? brotlied : undefined;
  const [identity, gzipCopy, brCopy] = packed([body, gz, bro]);
  // Header strings at two bytes a character at worst, plus the page object, its Buffer objects
  // and the header arrays (measured by `npm run bench` against RSS).
  const headerBytes = kept.reduce((n, [name, value]) => n + 2 * (name.length + String(value).length) + 64, 0);
  return {
    status,
    headers: kept,
    // Strong, as the bytes are exactly these (RFC 9110 8.8.1). One tag for every encoding: the
    // cache never answers a Range request, where telling encodings apart would matter.
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    identity: identity!,
    gzip: gzipCopy,
    br: brCopy,
    bytes: body.length + (gz?.length ?? 0) + (bro?.length ?? 0) + headerBytes + 600,
  };
}

/**
 * The three copies of a page in one allocation of exactly their size, as views on it. Kept for
 * long, a Buffer straight from Buffer.concat or zlib is often a slice of a larger block (Node's
 * 8 KB pool, zlib's 16 KB output chunk) and would hold all of it; three separate blocks per page
 * also scatter among the compressors' freed scratch memory, which the allocator then cannot give
 * back. One exact block keeps what the cache counts close to what it holds.
 */
function packed(copies: (Buffer | undefined)[]): (Buffer | undefined)[] {
  const block = Buffer.allocUnsafeSlow(copies.reduce((n, c) => n + (c?.length ?? 0), 0));
  let offset = 0;
  return copies.map((copy) => {
    if (!copy) return undefined;
    copy.copy(block, offset);
    offset += copy.length;
    return block.subarray(offset - copy.length, offset);
  });
}

/**
 * Answers from a stored page, with the headers only this request's scheme gets (`schemeHeaders`):
 * 304 for a matching If-None-Match, otherwise the best encoding the client accepts (brotli, then gzip, then none). Works on a bare node:http response (the host's
 * fast path) and on Express's, where the compression middleware sees Content-Encoding and
 * leaves the body alone.
 */
export function sendPage(
  page: CachedPage,
  req: IncomingMessage,
  res: ServerResponse,
  label: "HIT" | "MISS",
  schemeHeaders: readonly [string, string][] = [],
): void {
  res.statusCode = page.status;
  for (const [name, value] of [...page.headers, ...schemeHeaders]) res.setHeader(name, value);
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Cache", label);
  // RFC 9110 13.1.2 and 15.4.5: only a page that would be a 200 is revalidated, and the 304
  // carries the validators and caching headers without the body or its type.
  // `fresh` compares If-None-Match weakly (RFC 9110 13.1.2) and honours a reload's no-cache.
  if (page.status === 200 && fresh(req.headers, { etag: page.etag })) {
    res.statusCode = 304;
    res.removeHeader("Content-Type");
    res.end();
    return;
  }
  const encoding = chooseEncoding(req, page);
  const body = encoding === "identity" ? page.identity : page[encoding]!;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * The best encoding of those kept that the request's Accept-Encoding allows (q-values, `*`,
 * `q=0` refusals: RFC 9110 12.5.3, parsed by `accepts`), in our order of preference: brotli is
 * smaller than gzip, so it wins whatever order the client listed them in.
 */
export function chooseEncoding(
  req: IncomingMessage,
  page: Pick<CachedPage, "gzip" | "br">,
): "br" | "gzip" | "identity" {
  const accepted = accepts(req);
  if (page.br && accepted.encoding("br")) return "br";
  if (page.gzip && accepted.encoding("gzip")) return "gzip";
  return "identity";
}
