import type { Config } from "@react-router/dev/config";

/**
 * The stock React Router 7 app `npm run bench` compares the site with: the framework's defaults
 * (server rendering, the default entry files), built into a folder outside the site's build.
 */
export default {
  appDirectory: "app",
  ssr: true,
  buildDirectory: process.env.STOCK_BUILD_DIR ?? "build",
} satisfies Config;
