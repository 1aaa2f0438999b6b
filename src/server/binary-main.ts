import { getAsset } from "node:sea";
import * as build from "virtual:react-router/server-build";
import { runCli } from "./cli";
import { CLIENT_FILES_ASSET, clientFilesHandler, type ClientFiles } from "~/server/http/client-files";

/**
 * The single executable's entry (docs/architecture.md section 2): scripts/build-binary.ts bundles
 * it with React Router's server build (the import above) into one CommonJS file and embeds every
 * file of build/client as an asset. It is always the production site: there is no Vite in it.
 */
runCli({
  env: { NODE_ENV: "production" },
  loadSite: () => Promise.resolve({ build, clientFiles: clientFilesHandler(embeddedClientFiles()) }),
});

/** The assets are keyed by URL path; CLIENT_FILES_ASSET lists them. */
function embeddedClientFiles(): ClientFiles {
  const urls = JSON.parse(getAsset(CLIENT_FILES_ASSET, "utf8")) as string[];
  return new Map(urls.map((url) => [url, Buffer.from(getAsset(url))]));
}
