import { freePort } from "../tests/helpers/free-port";
import { startServer, type RunningServer } from "../tests/helpers/running-server";
import { pageLayout } from "../src/shared/page-layouts";

/**
 * The site the page audits run against (`npm run lighthouse`, `npm run main-thread`): the built
 * server on a temporary data folder with the sample posts, and a published page made from the
 * landing page layout at its suggested path (/landing), made through the CMS API as the team
 * would from the editor; and the flags both scripts read.
 */
export const LANDING = pageLayout("landing")!;
const ADMIN = { username: "lighthouse", password: "a long enough secret for the audits" };

async function publishLanding(url: string) {
  const signIn = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!signIn.ok) throw new Error(`signing in for the landing page answered ${signIn.status}`);
  const headers = { "Content-Type": "application/json", Cookie: signIn.headers.getSetCookie().join("; ") };
  const made = await fetch(`${url}/api/cms/pages`, {
    method: "POST",
    headers,
    body: JSON.stringify({ title: "Meet us at the trade fair", path: LANDING.path, blocks: LANDING.blocks }),
  });
  if (made.status !== 201) throw new Error(`making the landing page answered ${made.status}: ${await made.text()}`);
  const { id } = (await made.json()) as { id: number };
  const published = await fetch(`${url}/api/cms/pages/${id}/publish`, { method: "POST", headers });
  if (!published.ok) throw new Error(`publishing the landing page answered ${published.status}`);
}

export async function startAuditSite(): Promise<RunningServer> {
  // Known before the start, so PUBLIC_URL (canonical links, the feed) names the address audited.
  const port = await freePort();
  const site = await startServer({
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  await publishLanding(site.url);
  return site;
}

/** The value after the flag `name` in a script's arguments, taken out of them, so what is left is its pages. */
export function takeOption(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
}

/** How many times each page is audited: `--runs N`, taken out of the arguments, or `fallback`. */
export function takeRuns(args: string[], fallback: number): number {
  const runs = Number(takeOption(args, "--runs") ?? fallback);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs takes a whole number of at least 1");
  return runs;
}
