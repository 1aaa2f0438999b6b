import type { ServerBuild } from "react-router";
import { createServer, type Plugin } from "vite";

let build: Promise<ServerBuild> | undefined;

/**
 * React Router's server build, compiled from src/app by Vite's dev server as `npm run dev` does
 * (vite.config.ts, `virtual:react-router/server-build`), so HTTP tests need no `npm run build`.
 * Compiled once per test worker (vitest.config.ts runs the HTTP files in shared workers); the
 * server stays open for the worker's life, since a module a page imports lazily is compiled on
 * first use.
 */
export function serverBuild(): Promise<ServerBuild> {
  build ??= createServer({
    appType: "custom",
    logLevel: "error",
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    plugins: [noBrowserDependencies],
  }).then((vite) => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>);
  return build;
}

/**
 * No browser is served here, so Vite's pre-bundling of React for the browser would only cost a
 * core and write to node_modules/.vite (https://vite.dev/guide/dep-pre-bundling): no discovery and
 * nothing to include turns it off.
 */
const noBrowserDependencies: Plugin = {
  name: "no-browser-dependencies",
  configEnvironment(name, config) {
    if (name === "client") config.optimizeDeps = { ...config.optimizeDeps, noDiscovery: true, include: [] };
  },
};
