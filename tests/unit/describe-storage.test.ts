import { describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config";
import { describeStorage } from "~/server/operations/open-site";

const SESSION_SECRET = "s".repeat(32);

describe("describeStorage, for the start-up line", () => {
  it("names the data folder, or the database and its host without the password", () => {
    expect(describeStorage(loadConfig({ DATA_DIR: "/srv/site/data" }))).toBe("data folder /srv/site/data");
    const url = "postgres://site:hunter2-secret@db.internal:5432/queuesite";
    const line = describeStorage(loadConfig({ DATABASE_URL: url, SESSION_SECRET }));
    expect(line).toBe("PostgreSQL database queuesite on db.internal:5432");
    expect(line).not.toContain("hunter2");
  });
});
