import type { AppLoadContext } from "react-router";

/**
 * The loader of every signed-in page (/admin, the debug tools, the utility pages): who is signed
 * in, checked on the server so the page arrives as the sign-in form or the tool itself.
 */
export async function sessionUserLoader({ request, context }: { request: Request; context: AppLoadContext }) {
  return { user: (await context.sessions.userFromRequest(request)) ?? null };
}

/** Signed-in pages are private: never stored by a browser or a proxy (docs/architecture.md section 6). */
export const privatePageHeaders = () => ({ "Cache-Control": "private, no-store" });
