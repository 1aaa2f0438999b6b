import { expect, it } from "vitest";
import { DESKTOP, openPage, waitForHydration } from "../helpers/browser";
import { useSiteAndBrowser } from "../helpers/site-under-test";

// The built server with its page cache on (the default in production) and the sample posts.
const site = useSiteAndBrowser();

/**
 * Under a policy without 'unsafe-inline' scripts, each page hydrates (React Router's inline
 * scripts run) on its first, rendered answer and on its second, answered from the page cache,
 * and the browser reports no violation: Chromium logs each refused script as a console error and
 * fires `securitypolicyviolation`.
 */
it("pages hydrate under the script policy, rendered and from the cache, with no violation", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  const posts = await page.request.get(`${site.server.url}/api/public/blog/posts`).then((r) => r.json());
  const paths = ["/", "/blog", `/blog/${posts[0].slug}`, "/industries/retail", "/admin", "/no-such-page"];
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });

  for (const round of ["MISS", "HIT"]) {
    for (const path of paths) {
      const response = await page.goto(`${site.server.url}${path}`);
      const headers = response!.headers();
      expect(headers["content-security-policy"], path).toMatch(/script-src 'self' 'sha256-/);
      expect(headers["content-security-policy"], path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      if (path !== "/admin" && path !== "/no-such-page") expect(headers["x-cache"], `${path} ${round}`).toBe(round);
      await waitForHydration(page);
      expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations), path).toEqual([]);
    }
  }
  // The unknown page answers 404 on purpose, which Chromium logs too.
  expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
  await close();
});

it("a script that is not the page's own is refused", async () => {
  const { page, problems, close } = await openPage(site.browser, DESKTOP);
  await page.goto(`${site.server.url}/blog`);
  await waitForHydration(page);
  // What an injected inline script would meet: the browser refuses to run it and says so.
  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.injected = true";
    document.body.append(script);
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  expect(ran).toBe(false);
  expect(problems.some((p) => /Content Security Policy/i.test(p))).toBe(true);
  await close();
});
