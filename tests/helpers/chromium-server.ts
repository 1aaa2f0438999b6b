import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_FLAGS, chromiumPath } from "./browser";

declare module "vitest" {
  export interface ProvidedContext {
    /** The WebSocket address of the run's one Chromium, for `launchBrowser()` to connect to. */
    chromiumEndpoint: string;
  }
}

/**
 * Vitest global setup of the browser tier: one Chromium for the whole run, which every file
 * reaches through `launchBrowser()` with contexts of its own, instead of one Chromium started and
 * stopped per file (docs/decisions/065-fast-test-loop.md).
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
