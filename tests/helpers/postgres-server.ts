import type { TestProject } from "vitest/node";
import { startPostgresServer } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's one PostgreSQL server (its `postgres` database), for `startPostgres()` to make databases on. */
    postgresUrl: string;
  }
}

/**
 * Vitest global setup of the PostgreSQL tier: one server for the whole run, on which every file
 * makes databases of its own through `startPostgres()`, instead of an `initdb` and a server per
 * file (docs/decisions/065-fast-test-loop.md).
 */
export default async function setup(project: TestProject) {
  const server = await startPostgresServer();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}
