import { describe, expect, it } from "vitest";
import { CONTACT_SUCCESS_MS } from "~/app/components/contact-form";
import { NOT_FOUND } from "~/app/components/not-found-card";
import { INDUSTRIES } from "~/shared/industries";
import { CONTACT_MESSAGES } from "~/shared/contact-schema";
import { DESKTOP, PHONE, openPage, waitForHydration } from "../helpers/browser";
import { useSiteAndBrowser } from "../helpers/site-under-test";

const site = useSiteAndBrowser();

async function open(path: string, viewport = DESKTOP, javaScriptEnabled = true) {
  const session = await openPage(site.browser, viewport, { javaScriptEnabled });
  const response = await session.page.goto(site.server.url + path);
  if (javaScriptEnabled) await waitForHydration(session.page);
  return { ...session, response };
}

describe("header", () => {
  it("section links go to their anchors and the Industries dropdown lists all ten", async () => {
    const { page, problems, close } = await open("/industries");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Technology" }).click();
    await page.waitForURL(/\/#core-tech$/);
    await expect
      .poll(() => page.locator("#core-tech").evaluate((el) => el.getBoundingClientRect().top))
      .toBeLessThan(120);

    const toggle = nav.getByRole("button", { name: "Industries" });
    await toggle.click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    const items = nav.getByRole("list").getByRole("link");
    expect(await items.allTextContents()).toEqual(INDUSTRIES.map((i) => i.title));
    await page.keyboard.press("Escape");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");

    await toggle.click();
    await nav.getByRole("link", { name: "Healthcare" }).click();
    await page.waitForURL(/\/industries\/healthcare$/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Healthcare");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole("banner").getByRole("link", { name: "QueueWise" }).click();
    await page.waitForURL(site.server.url + "/");
    expect(problems).toEqual([]);
    await close();
  });

  it("at 375 px the toggle opens a stacked menu that navigates and closes", async () => {
    const { page, problems, close } = await open("/", PHONE);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    // A <summary> (docs/decisions/078-sign-in-without-javascript.md), which Playwright gives no role.
    const toggle = page.locator('summary[aria-controls="mobile-menu"]');
    expect(await toggle.getAttribute("aria-label")).toBe("Open menu");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    expect(await menu.isVisible()).toBe(true);
    for (const name of ["About", "Technology", "Blog", "Contact"]) {
      expect(await menu.getByRole("link", { name, exact: true }).isVisible()).toBe(true);
    }
    // The ten industries are folded behind one row, which unfolds them.
    expect(await menu.getByRole("link", { name: "Theme Parks" }).isVisible()).toBe(false);
    await menu.locator("summary", { hasText: "Industries" }).click();
    for (const { title } of INDUSTRIES) {
      expect(await menu.getByRole("link", { name: title, exact: true }).isVisible()).toBe(true);
    }
    await menu.getByRole("link", { name: "Theme Parks" }).click();
    await page.waitForURL(/\/industries\/theme-parks$/);
    expect(await menu.isVisible()).toBe(false);
    await expect.poll(() => toggle.getAttribute("aria-label")).toBe("Open menu");

    await toggle.click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(/\/#contact$/);
    expect(await page.getByRole("navigation", { name: "Mobile" }).isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await close();
  });
});

describe("home", () => {
  it("the hero buttons scroll to the industries and contact sections", async () => {
    const { page, problems, close } = await open("/");
    const top = (id: string) => page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top);
    // A smooth scroll down the whole home page takes a while: wait for it, not for a fixed second.
    const settled = { timeout: 10_000 };
    await page.getByRole("link", { name: "Explore Use Cases" }).click();
    await expect.poll(() => top("industries"), settled).toBeLessThan(120);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await page.getByRole("link", { name: "Contact Us" }).first().click();
    await expect.poll(() => top("contact"), settled).toBeLessThan(120);
    expect(problems).toEqual([]);
    await close();
  });
});

describe("contact form", () => {
  it("shows inline errors for bad input and sends nothing", async () => {
    const { page, close } = await open("/industries/retail");
    let posted = 0;
    page.on("request", (r) => r.method() === "POST" && posted++);
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByRole("button", { name: "Send Message" }).click();
    // Validation runs once the lazily loaded schema arrives: wait for each message, not an instant check.
    await form.getByText(CONTACT_MESSAGES.nameRequired).waitFor();
    await form.getByText(CONTACT_MESSAGES.emailInvalid).waitFor();
    await form.getByText(CONTACT_MESSAGES.messageRequired).waitFor();
    expect(await form.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    expect(posted).toBe(0);
    await close();
  });

  it("sends a message, shows Sending... then the banner for five seconds", async () => {
    const { page, problems, close } = await open("/");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill("Grace Hopper");
    await form.getByLabel("Email").fill("grace@example.com");
    await form.getByLabel("Industry").selectOption("logistics");
    await form.getByLabel("Message").fill("Our loading docks need a smarter queue.");
    // Hold the answer back so the sending state can be seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/*", async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await form.getByRole("button", { name: "Send Message" }).click();
    const sending = form.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    const banner = form.getByRole("status");
    await banner.waitFor();
    expect(await banner.textContent()).toBe(CONTACT_MESSAGES.sent);
    expect(await form.getByLabel("Name").inputValue()).toBe("");
    await banner.waitFor({ state: "detached", timeout: CONTACT_SUCCESS_MS + 3000 });
    expect(problems).toEqual([]);
    await close();
  });

  it("works with JavaScript off: a plain post comes back with the banner", async () => {
    const { page, close } = await open("/industries", DESKTOP, false);
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill("Alan Turing");
    await form.getByLabel("Email").fill("alan@example.com");
    await form.getByLabel("Message").fill("Hello without scripts.");
    await Promise.all([page.waitForNavigation(), form.getByRole("button", { name: "Send Message" }).click()]);
    expect(await page.getByRole("status").textContent()).toBe(CONTACT_MESSAGES.sent);
    await close();
  });
});

describe("not found", () => {
  it("an unknown path shows the card with a 404", async () => {
    const { page, response, problems, close } = await open("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: NOT_FOUND.title }).isVisible()).toBe(true);
    expect(await page.getByText(NOT_FOUND.hint).isVisible()).toBe(true);
    expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    await close();
  });
});
