import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Request, RequestHandler, Response } from "express";
import helmet from "helmet";

/** Frames allowed in post content: the embed hosts the sanitizer lets through (docs/architecture.md section 5). */
const EMBED_ORIGINS = ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/** A year, without includeSubDomains: other hosts of the company's domain may not speak HTTPS (RFC 6797). */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The Content-Security-Policy (https://www.w3.org/TR/CSP3/). Scripts come only from the site
 * itself; the inline scripts React Router writes into a page are allowed one by one by their
 * SHA-256 hashes (src/app/entry.server.tsx), so a page's policy is a pure function of the page,
 * which the rendered-page cache can keep with it, and any other inline script is refused.
 * Development adds 'unsafe-inline' and 'unsafe-eval' for Vite's hot reload, without hashes (a
 * hash in the list would switch 'unsafe-inline' off). Styles keep 'unsafe-inline': React renders
 * `style` attributes and the sanitizer keeps Quill's alignment classes, not styles, so the risk
 * there is small, and inlined critical CSS stays possible.
 */
export function contentSecurityPolicy(options: {
  dev: boolean;
  scriptHashes?: readonly string[];
  /** An editor's preview of the site, shown in a frame of the Site tab (src/server/site/site-service.ts). */
  frameSelf?: boolean;
}): string {
  const { dev, scriptHashes = [], frameSelf = false } = options;
  const hashes = scriptHashes.map((h) => `'sha256-${h}'`);
  const scripts = dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", ...hashes];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    // 'self': the Site tab previews the site's own pages in a frame (src/server/site/site-service.ts).
    `frame-src 'self' ${EMBED_ORIGINS.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameSelf ? "'self'" : "'none'"}`,
  ].join("; ");
}

type HeaderList = { set: Array<[string, string]>; remove: string[] };

/**
 * The headers a helmet middleware writes, read once by running it against a response that only
 * records them. Helmet's headers depend on its options alone, never on the request, so every
 * answer can get the recorded list instead of a run through helmet's chain of twelve middlewares
 * (a tenth of an uncached page's time, `npm run bench`; docs/decisions/050-uncached-rendering.md).
 */
function recordHeaders(middleware: RequestHandler): HeaderList {
  const list: HeaderList = { set: [], remove: [] };
  const recorder = {
    setHeader: (name: string, value: string) => list.set.push([name, String(value)]),
    removeHeader: (name: string) => list.remove.push(name),
  };
  let called = false;
  middleware({} as Request, recorder as unknown as Response, (err?: unknown) => {
    if (err) throw new Error("helmet refused to set its headers", { cause: err });
    called = true;
  });
  if (!called) throw new Error("helmet did not finish synchronously");
  return list;
}

const HSTS = recordHeaders(helmet.strictTransportSecurity({ maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false }));

function apply(res: Response, { set, remove }: HeaderList): void {
  for (const name of remove) res.removeHeader(name);
  for (const [name, value] of set) res.setHeader(name, value);
}

/**
 * Security headers on every answer (docs/architecture.md section 5) through helmet: nosniff,
 * frame and referrer rules, cross-origin isolation of windows and resources, and HSTS only when
 * the request came over HTTPS, directly or through a proxy TRUST_PROXY trusts (browsers ignore it
 * over plain HTTP, and a localhost site must stay reachable without TLS). Every answer gets the
 * policy without any inline script; a rendered page replaces it with one naming its own scripts.
 */
export function securityHeaders({ dev }: { dev: boolean }): RequestHandler {
  const basics = recordHeaders(
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: false,
      xFrameOptions: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Embedded YouTube and Vimeo frames are cross-origin; COEP would block them.
      crossOriginEmbedderPolicy: false,
    }),
  );
  const policy = contentSecurityPolicy({ dev });
  return (req, res, next) => {
    res.setHeader("Content-Security-Policy", policy);
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    apply(res, basics);
    if (req.secure) apply(res, HSTS);
    next();
  };
}

/** Express's compiled "trust proxy" setting: whether the hop at `index` from the socket is a trusted proxy. */
export type TrustProxyFn = (address: string | undefined, index: number) => boolean;

/**
 * The headers that only an answer over HTTPS gets (HSTS), for a bare node:http request: the page
 * cache answers before Express runs and keeps one copy of a page for both schemes, adding these
 * as it sends. Whether the request came over HTTPS is decided as Express's `req.protocol` does
 * (https://expressjs.com/en/api.html#req.protocol): the socket's TLS, or the first
 * X-Forwarded-Proto value when the socket's peer is a proxy TRUST_PROXY trusts.
 */
export function httpsOnlyHeaders(trust: TrustProxyFn): (req: IncomingMessage) => HeaderList["set"] {
  return (req) => {
    const encrypted = (req.socket as Partial<TLSSocket>).encrypted === true;
    const forwarded = trust(req.socket.remoteAddress, 0) ? [req.headers["x-forwarded-proto"]].flat()[0] : undefined;
    const scheme = forwarded ? forwarded.split(",")[0]!.trim() : encrypted ? "https" : "http";
    return scheme === "https" ? HSTS.set : [];
  };
}
