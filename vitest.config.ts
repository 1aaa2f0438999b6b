import { defineConfig } from "vitest/config";

/**
 * Test tiers of docs/architecture.md section 7. Unit and HTTP tests run against source on temporary data
 * folders; HTTP and browser tests use the production build (`npm test` builds first), and the
 * binary test builds the single executable from it.
 */
const failOnConsoleError = "tests/helpers/fail-on-console-error.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], setupFiles: [failOnConsoleError] } },
      // Password hashing (scrypt at N=2^17) makes sign-in tests slow on a busy machine: a wider timeout, no timed assertions.
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          setupFiles: [failOnConsoleError],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two cores: one Chromium and one server at a time keeps the browser tests steady.
          fileParallelism: false,
        },
      },
      // The PostgreSQL store against a real server the tests start (tests/helpers/postgres.ts).
      // Each file starts its own server and some spawn the CLI: generous limits on a loaded machine.
      {
        extends: true,
        test: {
          name: "pg",
          include: ["tests/pg/**/*.test.ts"],
          setupFiles: [failOnConsoleError],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The single executable, built and run from an empty folder.
      {
        extends: true,
        test: { name: "binary", include: ["tests/binary/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 300_000 },
      },
    ],
  },
});
