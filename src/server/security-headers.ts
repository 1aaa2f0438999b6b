import type { RequestHandler } from "express";
import helmet from "helmet";

/** Frames allowed in post content: exactly the embed hosts the sanitizer lets through (docs/architecture.md section 5). */
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
export function contentSecurityPolicy({ dev, scriptHashes = [] }: { dev: boolean; scriptHashes?: readonly string[] }): string {
  const scripts = dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", ...scriptHashes.map((h) => `'sha256-${h}'`)];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    `frame-src ${EMBED_ORIGINS.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * Security headers on every answer (docs/architecture.md section 5) through helmet: nosniff,
 * frame and referrer rules, cross-origin isolation of windows and resources, and HSTS only when
 * the request came over HTTPS, directly or through a proxy TRUST_PROXY trusts (browsers ignore it
 * over plain HTTP, and a localhost site must stay reachable without TLS). Every answer gets the
 * policy without any inline script; a rendered page replaces it with one naming its own scripts.
 */
export function securityHeaders({ dev }: { dev: boolean }): RequestHandler {
  const basics = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Embedded YouTube and Vimeo frames are cross-origin; COEP would block them.
    crossOriginEmbedderPolicy: false,
  });
  const hsts = helmet.strictTransportSecurity({ maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false });
  const policy = contentSecurityPolicy({ dev });
  return (req, res, next) => {
    res.setHeader("Content-Security-Policy", policy);
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    basics(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (req.secure) hsts(req, res, next);
      else next();
    });
  };
}
