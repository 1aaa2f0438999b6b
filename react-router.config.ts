import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/app",
  ssr: true,
  // Opt in to v8 behaviour now so the upgrade is a version bump. v8_middleware stays off: it
  // replaces the load context object that hands loaders the store and services (docs/architecture.md section 7).
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
