import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { runCli } from "~/server/cli";
import { clientFilesHandler, readClientFolder } from "~/server/http/client-files";
import type { Site } from "~/server/serve";

/**
 * The npm entry of the command line: `npm run dev` runs this file with tsx and serves
 * through Vite; `npm run build` bundles it to build/server.js, which `npm start` runs to serve the
 * build beside it. The single executable has its own entry (src/server/binary-main.ts) and
 * never reaches this file, so Vite and `import.meta.url` stay out of it.
 */
runCli({ loadSite: (config) => (config.env === "production" ? builtSite() : viteSite()) });

/** build/server/index.js and build/client, found beside build/server.js. */
async function builtSite(): Promise<Site> {
  const build = (await import(new URL("./server/index.js", import.meta.url).href)) as ServerBuild;
  return {
    build,
    clientFiles: clientFilesHandler(readClientFolder(fileURLToPath(new URL("./client/", import.meta.url)))),
  };
}

async function viteSite(): Promise<Site> {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  return {
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    clientFiles: vite.middlewares,
    close: () => vite.close(),
  };
}
