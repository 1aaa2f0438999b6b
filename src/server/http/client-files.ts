import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/**
 * The browser's files (build/client), answered from memory: `npm start` reads them from disk at
 * start, the single executable from its embedded assets. One handler for both, so the
 * executable sends the same caching headers as `npm start` (docs/decisions/004-one-cli-and-the-executable.md).
 * Keys are URL paths ("/assets/app-x.js"); a lookup in a map cannot list a folder or leave it.
 */
export type ClientFiles = Map<string, Buffer>;

/** The single executable's asset listing the others' keys: Node 20 cannot list a SEA's assets. */
export const CLIENT_FILES_ASSET = "client-files.json";

/** Vite fingerprints everything under /assets, so those files never change (docs/architecture.md section 6). */
const IMMUTABLE = "public, max-age=31536000, immutable";
const ONE_HOUR = "public, max-age=3600";

/** Every file below `dir`, as URL paths. */
export function listClientFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => fs.statSync(path.join(dir, name)).isFile())
    .map((name) => `/${name.split(path.sep).join("/")}`)
    .sort();
}

export function readClientFolder(dir: string): ClientFiles {
  return new Map(listClientFiles(dir).map((url) => [url, fs.readFileSync(path.join(dir, url))]));
}

/** GET and HEAD of a known file; anything else goes on to the app. */
export function clientFilesHandler(files: ClientFiles): RequestHandler {
  const answers = new Map(
    [...files].map(([url, body]) => [
      url,
      {
        body,
        type: path.extname(url),
        cacheControl: url.startsWith("/assets/") ? IMMUTABLE : ONE_HOUR,
        etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      },
    ]),
  );
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = answers.get(decodedPath(req.path));
    if (!file) return next();
    res.set({ "Cache-Control": file.cacheControl, ETag: file.etag });
    res.type(file.type);
    // Express's send answers HEAD without a body and a matching If-None-Match with a 304.
    res.send(file.body);
  };
}

function decodedPath(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return urlPath; // malformed escapes name no file
  }
}
