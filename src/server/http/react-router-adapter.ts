import type { ServerResponse } from "node:http";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";

export type ReactRouterAdapterOptions = {
  /** The server build, or a getter (Vite's dev server hands a fresh one per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext: (req: ExpressRequest) => AppLoadContext;
  /** The page cache's hand-off (html-cache.ts `keeper`): takes the whole body of an answer it keeps. */
  keeper: (req: ExpressRequest, res: ServerResponse) => ((body: Buffer) => void) | undefined;
};

/**
 * Answers pages with React Router's own fetch-style handler, in the Express stack
 * (docs/decisions/085-our-own-react-router-adapter.md). The Request is built as
 * `@react-router/express` builds it; the Response's headers are set on the Express response,
 * replacing the ones set earlier in the stack (the page's Content-Security-Policy replaces the
 * default one), and its body is either handed whole to the page cache or streamed.
 */
export function reactRouterAdapter({ build, mode, getLoadContext, keeper }: ReactRouterAdapterOptions): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res) => {
    const response = await handle(fetchRequest(req, res), getLoadContext(req));
    if (res.destroyed || res.writableEnded) {
      await response.body?.cancel();
      return;
    }
    setHead(res, response);
    const keep = keeper(req, res);
    if (keep) return keep(Buffer.from(await response.arrayBuffer()));
    if (!response.body) return void res.end();
    try {
      await writeReadableStreamToWritable(response.body, res);
    } catch (error) {
      // The client left mid-answer: nothing to tell it.
      if (!res.destroyed && !res.writableEnded) throw error;
    }
  };
}

/**
 * The Fetch Request React Router reads, aborted when the client leaves before the answer is
 * sent. The URL is the scheme and host as Express resolves them (X-Forwarded-* only from a
 * trusted proxy) and the target; both were checked by `rejectUnreadableRequests` (request-guards.ts).
 */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  const withBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.originalUrl, `${req.protocol}://${req.host}`), {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(withBody && { body: createReadableStreamFromReadable(req), duplex: "half" }),
  });
}

/** Status and headers; each header replaces one of the same name, but cookies are added to any set earlier. */
function setHead(res: ExpressResponse, response: Response): void {
  res.status(response.status);
  if (response.statusText) res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.append("Set-Cookie", cookies);
}
