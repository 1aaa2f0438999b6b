import { isRouteErrorResponse } from "react-router";

/** A panel load that got no answer (`network`) or an error answer (`server`), as the panel's data. */
export type PanelLoadFailure = { loadFailure: "network" | "server" };

export const isLoadFailure = (data: object | undefined): data is PanelLoadFailure =>
  data !== undefined && "loadFailure" in data;

/**
 * A panel route's `clientLoader`: the server's answer, or a failure as data. React Router hands a
 * fetcher's thrown error to the page's error boundary, which would replace the whole /admin page
 * (and the post being written) with the error card; as data, the panel says so in a toast and
 * keeps what it shows (docs/decisions/017-admin-panels-as-route-fetchers.md).
 */
export async function loadKeepingThePage<T>(serverLoader: () => Promise<T>): Promise<T | PanelLoadFailure> {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof Response) throw error; // a redirect is still followed
    // fetch() rejects with a TypeError when no answer came back at all.
    const network = error instanceof TypeError && !isRouteErrorResponse(error);
    return { loadFailure: network ? "network" : "server" };
  }
}
