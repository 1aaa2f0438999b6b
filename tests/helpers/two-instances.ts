import { afterAll, afterEach, beforeAll } from "vitest";
import { startPostgres, type RunningPostgres } from "./postgres";
import { makeTestApp, type TestApp } from "./test-app";

/** One session secret for every instance, as behind a load balancer. */
export const SESSION_SECRET = "one-session-secret-for-every-instance-of-the-site";

/**
 * For a test file: PostgreSQL (`startPostgres()`: databases on the run's shared server, or with
 * `ownServer` a server of its own, for a file that stops it), and `twoInstances()`, two instances of the site on
 * one fresh database (each with its own data folder and page cache, both built by createApp from
 * the production build), closed after each test.
 */
export function useTwoInstances({ ownServer = false }: { ownServer?: boolean } = {}) {
  let server: RunningPostgres | undefined;
  beforeAll(async () => {
    server = await startPostgres({ own: ownServer });
  });
  afterAll(() => server?.stop());
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  return {
    server: () => server!,
    /**
     * `count` instances on one fresh database, with `extraEnv` added to their environment; `restart`
     * starts another, in the place of `stopped` when given.
     */
    instances: async (count: number, extraEnv: Record<string, string> = {}) => {
      const env = { DATABASE_URL: await server!.createDatabase(), SESSION_SECRET, ...extraEnv };
      const started = await Promise.all(Array.from({ length: count }, () => makeTestApp({ env })));
      apps.push(...started);
      const restart = async (stopped?: TestApp) => {
        if (stopped) {
          apps.splice(apps.indexOf(stopped), 1);
          await stopped.close();
        }
        const app = await makeTestApp({ env });
        apps.push(app);
        return app;
      };
      return { apps: started, restart };
    },
    twoInstances: async (): Promise<[TestApp, TestApp]> => {
      const env = { DATABASE_URL: await server!.createDatabase(), SESSION_SECRET };
      const a = await makeTestApp({ env });
      const b = await makeTestApp({ env });
      apps.push(a, b);
      return [a, b];
    },
    /** `count` instances on one fresh database, all started at the same moment, with `env` added. */
    startedTogether: async (count: number, env: Record<string, string> = {}): Promise<TestApp[]> => {
      const shared = { DATABASE_URL: await server!.createDatabase(), SESSION_SECRET, ...env };
      const started = await Promise.allSettled(Array.from({ length: count }, () => makeTestApp({ env: shared })));
      for (const result of started) if (result.status === "fulfilled") apps.push(result.value);
      for (const result of started) if (result.status === "rejected") throw result.reason;
      return started.map((result) => (result as PromiseFulfilledResult<TestApp>).value);
    },
  };
}
