import { createContext, useContext } from "react";

/**
 * HTML a page carries once, in its markup, and not a second time in React Router's hydration data
 * (docs/decisions/052-post-content-once.md). On a document request a loader hands it to the render
 * through `context.documentHtml` instead of its data; the entry puts that map in this context.
 */
export const DocumentHtml = createContext<ReadonlyMap<string, string> | undefined>(undefined);

/**
 * A request for a whole page, not for the data of a navigation in the browser (React Router's
 * `.data` requests; the request reaches loaders as it came, with `v8_passThroughRequests`).
 */
export const isDocumentRequest = (request: Request): boolean => !new URL(request.url).pathname.endsWith(".data");

/**
 * A block of HTML (already sanitized) from the loader data when it is there, else from the
 * document's map under `slot`. In the browser, hydration keeps the server's markup: React does not
 * patch the inner HTML of an element it hydrates, so rendering nothing there loses nothing; a
 * later navigation's data carries the HTML itself.
 */
export function HtmlBlock({ html, slot, className }: { html: string | undefined; slot: string; className?: string }) {
  const fromDocument = useContext(DocumentHtml)?.get(slot);
  return (
    <div
      className={className}
      dangerouslySetInnerHTML={{ __html: html ?? fromDocument ?? "" }}
      suppressHydrationWarning
    />
  );
}
