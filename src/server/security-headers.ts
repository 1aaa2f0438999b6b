import type { RequestHandler } from "express";

/** Frames allowed in post content: exactly the embed hosts the sanitizer lets through (DESIGN.md section 5). */
const EMBED_ORIGINS = ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/**
 * Content-Security-Policy and friends on every response (DESIGN.md section 5). Scripts allow
 * 'unsafe-inline' because React Router streams its hydration data in inline scripts and a
 * per-request nonce would make rendered pages uncacheable (DESIGN.md section 6); stored
 * content is sanitized, so no injected script reaches a page in the first place.
 */
export function securityHeaders({ dev }: { dev: boolean }): RequestHandler {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
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

  return (_req, res, next) => {
    res.set({
      "Content-Security-Policy": csp,
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    });
    next();
  };
}
