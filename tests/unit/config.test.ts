import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DATABASE_NEEDS_SECRET, loadConfig } from "~/server/config";
import { TRUST_PROXY_MESSAGE } from "~/server/http/trust-proxy";

describe("loadConfig", () => {
  it("has working defaults: port 3000 on every address, ./data under the working folder", () => {
    expect(loadConfig({}, "/srv/site")).toEqual({
      env: "development",
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("/srv/site", "data"),
      publicUrl: "http://localhost:3000",
      trustProxy: false,
      contactWebhookUrl: undefined,
      webhookAllowPrivate: false,
      webhookRetryDelaysMs: [60_000, 300_000, 1_800_000, 7_200_000, 14_400_000, 28_800_000, 33_840_000],
      webhookTimeoutMs: 10_000,
      importAllowPrivate: false,
      importTimeoutMs: 15_000,
      sessionSecret: undefined,
      adminUsername: undefined,
      adminPassword: undefined,
      backupKeep: 20,
      backupSchedule: "daily",
      history: { revisions: { kept: 100, days: 30 }, trashDays: 30 },
      analytics: true,
      htmlCacheBytes: 0,
      minFreeBytes: undefined,
      schedulerTickMs: 10_000,
      outboxLeaseMs: 30_000,
      warmUpMs: 1_000,
      shutdownTimeoutMs: 10_000,
      maxConnections: 1_000,
      maxConnectionsPerAddress: 100,
      maxImagePixels: 24_000_000,
      uploadLimits: { perMinute: 10, bytesPerDay: 256 * 1024 * 1024 },
      missingProductionSettings: ["PUBLIC_URL", "SESSION_SECRET"],
      contactNotifyFrom: "no-reply@localhost",
      smtpRetryDelaysMs: [10_000, 60_000, 300_000, 900_000, 2_700_000],
      newsletter: { ratePerMinute: 600, from: "no-reply@localhost" },
    });
  });

  it("reads the import's settings and refuses bad values", () => {
    expect(loadConfig({ IMPORT_ALLOW_PRIVATE: "true", IMPORT_TIMEOUT_MS: "2500" })).toMatchObject({
      importAllowPrivate: true,
      importTimeoutMs: 2_500,
    });
    expect(() => loadConfig({ IMPORT_ALLOW_PRIVATE: "yes" })).toThrow(/IMPORT_ALLOW_PRIVATE/);
    expect(() => loadConfig({ IMPORT_TIMEOUT_MS: "5" })).toThrow(/IMPORT_TIMEOUT_MS/);
  });

  it("reads the webhook settings and refuses bad values", () => {
    expect(
      loadConfig({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_DELAYS_MS: "50,100", WEBHOOK_TIMEOUT_MS: "2500" }),
    ).toMatchObject({ webhookAllowPrivate: true, webhookRetryDelaysMs: [50, 100], webhookTimeoutMs: 2_500 });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: "false" }).webhookAllowPrivate).toBe(false);
    for (const [name, bad] of [
      ["WEBHOOK_ALLOW_PRIVATE", "yes"],
      ["WEBHOOK_RETRY_DELAYS_MS", "1m,5m"],
      ["WEBHOOK_TIMEOUT_MS", "0"],
    ]) {
      expect(() => loadConfig({ [name!]: bad })).toThrow(new RegExp(name!));
    }
  });

  it("reads MIN_FREE_BYTES, SHUTDOWN_TIMEOUT_MS, MAX_CONNECTIONS, MAX_IMAGE_PIXELS, WARM_UP_MS and the upload limits, and refuses bad values", () => {
    expect(
      loadConfig({
        MIN_FREE_BYTES: "1048576",
        SHUTDOWN_TIMEOUT_MS: "2500",
        MAX_CONNECTIONS: "50",
        MAX_IMAGE_PIXELS: "40000000",
        WARM_UP_MS: "0",
        UPLOAD_RATE: "3",
        UPLOAD_QUOTA_BYTES: "1000000",
      }),
    ).toMatchObject({
      minFreeBytes: 1_048_576,
      shutdownTimeoutMs: 2_500,
      maxConnections: 50,
      maxConnectionsPerAddress: 5,
      maxImagePixels: 40_000_000,
      warmUpMs: 0,
      uploadLimits: { perMinute: 3, bytesPerDay: 1_000_000 },
    });
    expect(loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: "3" }).maxConnectionsPerAddress).toBe(3);
    for (const [name, bad] of [
      ["MIN_FREE_BYTES", "-1"],
      ["SHUTDOWN_TIMEOUT_MS", "soon"],
      ["MAX_CONNECTIONS", "0"],
      ["MAX_CONNECTIONS_PER_ADDRESS", "0"],
      ["MAX_IMAGE_PIXELS", "many"],
      ["WARM_UP_MS", "-1"],
      ["UPLOAD_RATE", "0"],
      ["UPLOAD_QUOTA_BYTES", "lots"],
    ]) {
      expect(() => loadConfig({ [name!]: bad })).toThrow(new RegExp(name!));
    }
  });

  it("reads every variable", () => {
    const config = loadConfig(
      {
        NODE_ENV: "production",
        PORT: "8080",
        HOST: "127.0.0.1",
        DATA_DIR: "/var/lib/site",
        TRUST_PROXY: "true",
        CONTACT_WEBHOOK_URL: "https://hooks.example.com/x",
        PUBLIC_URL: "https://queuewise.example/",
      },
      "/",
    );
    expect(config).toMatchObject({
      env: "production",
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/site",
      trustProxy: 1,
      contactWebhookUrl: "https://hooks.example.com/x",
      publicUrl: "https://queuewise.example",
    });
  });

  it.each([
    ["true", 1],
    ["1", 1],
    ["2", 2],
    ["0", false],
    ["false", false],
    ["", false],
    ["127.0.0.1", ["127.0.0.1"]],
    ["loopback, 10.0.0.0/8, ::1, fd00::/8", ["loopback", "10.0.0.0/8", "::1", "fd00::/8"]],
  ])("reads TRUST_PROXY=%j as %j, never as Express's trust-everything true", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(["maybe", "11", "-1", "10.0.0.0/33", "300.1.1.1", "10.0.0.1/8/1", "127.0.0.1,"])(
    "refuses TRUST_PROXY=%j",
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(TRUST_PROXY_MESSAGE);
    },
  );

  it("keeps BACKUP_KEEP backups, 1 to 1000", () => {
    expect(loadConfig({ BACKUP_KEEP: "5" }).backupKeep).toBe(5);
    expect(loadConfig({ BACKUP_SCHEDULE: "hourly" }).backupSchedule).toBe("hourly");
    expect(loadConfig({ BACKUP_SCHEDULE: " off " }).backupSchedule).toBe("off");
    expect(() => loadConfig({ BACKUP_SCHEDULE: "weekly" })).toThrow(
      /BACKUP_SCHEDULE.*must be one of daily, hourly, off/s,
    );
    for (const bad of ["0", "1001", "2.5", "many"]) {
      expect(() => loadConfig({ BACKUP_KEEP: bad })).toThrow(/BACKUP_KEEP/);
    }
  });

  it("counts analytics unless ANALYTICS=off, and refuses another value", () => {
    expect(loadConfig({}).analytics).toBe(true);
    expect(loadConfig({ ANALYTICS: "on" }).analytics).toBe(true);
    expect(loadConfig({ ANALYTICS: "off" }).analytics).toBe(false);
    expect(() => loadConfig({ ANALYTICS: "no" })).toThrow(/ANALYTICS: must be "on" or "off"/);
  });

  it("keeps rendered pages in up to HTML_CACHE_BYTES, 64 MiB in production and off in development", () => {
    expect(loadConfig({ NODE_ENV: "production" }).htmlCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ NODE_ENV: "production", HTML_CACHE_BYTES: "0" }).htmlCacheBytes).toBe(0);
    expect(loadConfig({ HTML_CACHE_BYTES: "1000000" }).htmlCacheBytes).toBe(1_000_000);
    for (const bad of ["-1", "2.5", "lots"]) {
      expect(() => loadConfig({ HTML_CACHE_BYTES: bad })).toThrow(/HTML_CACHE_BYTES/);
    }
  });

  it("names the production settings left unset, never their values", () => {
    const secret = "s".repeat(32);
    expect(loadConfig({ SESSION_SECRET: secret }).missingProductionSettings).toEqual(["PUBLIC_URL"]);
    expect(
      loadConfig({ SESSION_SECRET: secret, PUBLIC_URL: "https://queuewise.example" }).missingProductionSettings,
    ).toEqual([]);
    expect(loadConfig({ PUBLIC_URL: " " }).missingProductionSettings).toEqual(["PUBLIC_URL", "SESSION_SECRET"]);
  });

  it("stores in PostgreSQL with a postgres:// DATABASE_URL, which needs SESSION_SECRET", () => {
    const url = "postgres://site:pw@db.internal:5432/queuesite";
    expect(loadConfig({ DATABASE_URL: url, SESSION_SECRET: "s".repeat(32) }).databaseUrl).toBe(url);
    expect(loadConfig({ DATABASE_URL: "postgresql://db/x", SESSION_SECRET: "s".repeat(32) }).databaseUrl).toBe(
      "postgresql://db/x",
    );
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: "mysql://db/x", SESSION_SECRET: "s".repeat(32) })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(`SESSION_SECRET: ${DATABASE_NEEDS_SECRET}`);
  });

  it("treats an empty optional variable as unset", () => {
    expect(loadConfig({ CONTACT_WEBHOOK_URL: "" }).contactWebhookUrl).toBeUndefined();
  });

  it("lists every bad variable at once", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "seventy",
        TRUST_PROXY: "maybe",
        CONTACT_WEBHOOK_URL: "ftp://x",
        NODE_ENV: "staging",
        PUBLIC_URL: "not a url",
        SESSION_SECRET: "short",
        BACKUP_KEEP: "0",
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems.map((p) => p.split(":")[0]).sort()).toEqual([
      "BACKUP_KEEP",
      "CONTACT_WEBHOOK_URL",
      "NODE_ENV",
      "PORT",
      "PUBLIC_URL",
      "SESSION_SECRET",
      "TRUST_PROXY",
    ]);
    expect(message).toMatch(/^Invalid configuration:\n {2}- /);
  });
});
