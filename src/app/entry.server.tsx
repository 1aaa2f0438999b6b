import { createHash, randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { DocumentHtml } from "~/app/lib/document-html";
import { scriptsAfterFirstPaint } from "~/app/lib/scripts-after-paint.server";

export const streamTimeout = 5_000;

/**
 * Renders a page whole, then allows exactly its own inline scripts (React Router's hydration data
 * and module loader, ScrollRestoration) by their SHA-256 hashes in the page's
 * Content-Security-Policy. While rendering, those scripts carry a random nonce, which is how they
 * are told apart from anything else in the HTML; the nonce is then removed, so the page and its
 * policy depend only on the content and the rendered-page cache can keep both
 * (docs/decisions/006-script-hashes-not-nonces.md).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // RFC 9110 section 9.3.2: the headers a GET would get, no body.
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = randomBytes(18).toString("base64url");

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        const rendered = Buffer.concat(chunks);
        // Before the hashes are taken: the rewritten loader is the script the page runs.
        const page = import.meta.env.DEV ? rendered : scriptsAfterFirstPaint(rendered, nonce);
        const { html, hashes } = markedScripts(page, nonce);
        // Set here, it replaces the policy without hashes every answer gets (security-headers.ts).
        responseHeaders.set("Content-Security-Policy", loadContext.contentSecurityPolicy(hashes));
        // An editor's preview may be framed by the Site tab, on this site only (RFC 7034).
        if (loadContext.framing.sameOrigin) responseHeaders.set("X-Frame-Options", "SAMEORIGIN");
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(html, { headers: responseHeaders, status }));
        callback();
      },
    });

    // The whole page is needed before its policy can be written, so always wait for all of it.
    const ready: keyof RenderToPipeableStreamOptions = "onAllReady";
    const { pipe, abort } = renderToPipeableStream(
      // React Router hands the nonce to <Scripts>, <ScrollRestoration> and its streamed data.
      <DocumentHtml.Provider value={loadContext.documentHtml}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentHtml.Provider>,
      {
        nonce,
        // Written whole, once all is ready: no Suspense boundary (a block whose code loads on
        // demand, docs/decisions/281-blocks-load-only-their-own-code.md) is moved out of its place
        // to the end of the page, where only a script would put it back and a reader without
        // JavaScript would never see it. React outlines a boundary once the page passes this size.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [ready]() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          status = 500;
          if (!request.signal.aborted) loadContext.logError(error);
        },
      },
    );
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

/**
 * Logs what went wrong on the server, but not a client's mistake: a POST to a page without a
 * form, a missing page or a refused request is answered with its 4xx and is nothing to fix here.
 * Through the load context's log, at most once a minute per cause (src/server/http/error-log.ts).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  (context as AppLoadContext).logError(error);
};

/**
 * The SHA-256 (base64) of every inline script carrying the nonce, and the HTML without the
 * nonce attributes. Only React's and React Router's own output is scanned this way: post content
 * reaches the page sanitized, and a script in it would carry no nonce, so it is never hashed.
 * The nonce is searched for, not every `<script`: a page is mostly the inlined stylesheet and
 * content, and a scan of each page costs every uncached render (docs/decisions/050-uncached-rendering.md).
 */
export function markedScripts(html: Buffer, nonce: string): { html: Buffer<ArrayBuffer>; hashes: string[] } {
  // On the bytes React wrote: the page is never decoded to a string and encoded again.
  const attribute = Buffer.from(` nonce="${nonce}"`);
  const hashes = new Set<string>();
  const kept: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(attribute); at !== -1; at = html.indexOf(attribute, from)) {
    kept.push(html.subarray(from, at));
    from = at + attribute.length;
    const tagStart = html.lastIndexOf(LT, at);
    const bodyStart = html.indexOf(GT, at) + 1;
    const bodyEnd = html.indexOf(SCRIPT_END, bodyStart);
    const isScript = html.subarray(tagStart, tagStart + SCRIPT_START.length).equals(SCRIPT_START);
    if (!isScript || bodyStart === 0 || bodyEnd === -1 || bodyEnd === bodyStart) continue;
    hashes.add(createHash("sha256").update(html.subarray(bodyStart, bodyEnd)).digest("base64"));
  }
  kept.push(html.subarray(from));
  return { html: Buffer.concat(kept), hashes: [...hashes] };
}

const LT = "<".charCodeAt(0);
const GT = ">".charCodeAt(0);
const SCRIPT_START = Buffer.from("<script");
const SCRIPT_END = Buffer.from("</script>");
