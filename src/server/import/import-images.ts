import fs from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import type { MediaLibrary } from "~/server/media/media-library";
import { guardedLookup, hostOf, isPrivateAddress, PrivateAddressError } from "~/server/webhooks/private-addresses";
import { IMPORT_MESSAGES } from "~/shared/import";
import { MAX_UPLOAD_BYTES } from "~/shared/media";

/**
 * An import's images into the media library (docs/decisions/254-imported-images-through-the-media-library.md):
 * from `mediaDir` (a copy of `wp-content/uploads` or Ghost's `content/images`) when given, else
 * downloaded, each through `media.upload`, the checks an upload gets (an image of the accepted
 * types, at most MAX_UPLOAD_BYTES and the pixel limit). A download ends after `timeoutMs`, follows
 * no redirect to another host than http(s), and never reaches a private, loopback or link-local
 * address unless `allowPrivate` (IMPORT_ALLOW_PRIVATE). Each address is stored once per run.
 */
export type ImageOptions = {
  media: MediaLibrary;
  mediaDir?: string;
  allowPrivate: boolean;
  timeoutMs: number;
};

export type StoredOrFailed = { url: string } | { error: string };

/** The folders an export's image addresses point into: the rest of the path is the file under `mediaDir`. */
const UPLOAD_FOLDERS = ["/wp-content/uploads/", "/content/images/"];
const MAX_REDIRECTS = 3;

export function createImageStore({ media, mediaDir, allowPrivate, timeoutMs }: ImageOptions) {
  const done = new Map<string, Promise<StoredOrFailed>>();

  async function bytesOf(url: string): Promise<Buffer> {
    if (mediaDir) {
      const local = localFile(url, mediaDir);
      if (local) return readBounded(local);
    }
    return download(url, { allowPrivate, timeoutMs });
  }

  return {
    /** The media library's address of the image at `url`, or why it could not be stored. */
    store(url: string): Promise<StoredOrFailed> {
      let pending = done.get(url);
      if (!pending) {
        pending = bytesOf(url).then(
          async (bytes) => ({ url: (await media.upload(bytes)).url }),
          (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
        );
        pending = pending.catch((error: unknown) => ({
          error: error instanceof Error ? error.message : String(error),
        }));
        done.set(url, pending);
      }
      return pending;
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;

/** The file under `mediaDir` an address names, or undefined; never a path outside it. */
export function localFile(url: string, mediaDir: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, "https://site.invalid").pathname);
  } catch {
    return undefined;
  }
  const folder = UPLOAD_FOLDERS.find((f) => pathname.includes(f));
  const rest = folder ? pathname.slice(pathname.indexOf(folder) + folder.length) : undefined;
  if (!rest) return undefined;
  const root = path.resolve(mediaDir);
  const file = path.resolve(root, rest);
  return file.startsWith(root + path.sep) ? file : undefined;
}

async function readBounded(file: string): Promise<Buffer> {
  const { size } = await fs.stat(file);
  if (size > MAX_UPLOAD_BYTES) throw new Error(IMPORT_MESSAGES.imageTooLarge(MAX_UPLOAD_BYTES));
  return fs.readFile(file);
}

/** One GET, at most MAX_UPLOAD_BYTES, within `timeoutMs`, following a few redirects, each address checked. */
export function download(
  url: string,
  options: { allowPrivate: boolean; timeoutMs: number },
  hops = 0,
): Promise<Buffer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new Error("not an address"));
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return Promise.reject(new Error("not http(s)"));
  const host = hostOf(target);
  if (!options.allowPrivate && net.isIP(host) && isPrivateAddress(host))
    return Promise.reject(new PrivateAddressError(host));
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      target,
      {
        timeout: options.timeoutMs,
        headers: { "User-Agent": "QueueWise-import", Accept: "image/*" },
        ...(!options.allowPrivate && { lookup: guardedLookup }),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location && hops < MAX_REDIRECTS) {
          response.resume();
          resolve(download(new URL(response.headers.location, target).href, options, hops + 1));
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new Error(`HTTP ${status}`));
          return;
        }
        if (Number(response.headers["content-length"] ?? 0) > MAX_UPLOAD_BYTES) {
          response.destroy();
          reject(new Error(IMPORT_MESSAGES.imageTooLarge(MAX_UPLOAD_BYTES)));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_UPLOAD_BYTES) {
            response.destroy();
            reject(new Error(IMPORT_MESSAGES.imageTooLarge(MAX_UPLOAD_BYTES)));
          } else chunks.push(chunk);
        });
        response.on("end", () => resolve(Buffer.concat(chunks)));
        response.on("error", reject);
      },
    );
    const timer = setTimeout(
      () => request.destroy(new Error(IMPORT_MESSAGES.imageTooSlow(options.timeoutMs))),
      options.timeoutMs,
    );
    request.on("close", () => clearTimeout(timer));
    request.on("timeout", () => request.destroy(new Error(IMPORT_MESSAGES.imageTooSlow(options.timeoutMs))));
    request.on("error", reject);
  });
}
