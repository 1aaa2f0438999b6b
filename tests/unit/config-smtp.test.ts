import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/server/config";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe("the SMTP settings", () => {
  it("reads SMTP_URL, the recipients, the sender and the retry delays", () => {
    const config = loadConfig({
      SMTP_URL: "smtps://site:secret@mail.example.com:465",
      CONTACT_NOTIFY_TO: "sales@example.com, ops@example.com",
      CONTACT_NOTIFY_FROM: "site@example.com",
      SMTP_RETRY_DELAYS_MS: "100,2000",
    });
    expect(config).toMatchObject({
      smtpUrl: "smtps://site:secret@mail.example.com:465",
      contactNotifyTo: ["sales@example.com", "ops@example.com"],
      contactNotifyFrom: "site@example.com",
      smtpRetryDelaysMs: [100, 2000],
    });
  });

  it("sends from no-reply at PUBLIC_URL's host by default", () => {
    const config = loadConfig({
      PUBLIC_URL: "https://www.queuewise.example",
      SMTP_URL: "smtp://mail:25",
      CONTACT_NOTIFY_TO: "a@example.com",
    });
    expect(config.contactNotifyFrom).toBe("no-reply@www.queuewise.example");
  });

  it("lists every bad variable at once", () => {
    const problems = problemsOf({
      SMTP_URL: "http://mail.example.com",
      CONTACT_NOTIFY_TO: "sales",
      CONTACT_NOTIFY_FROM: "me",
      SMTP_RETRY_DELAYS_MS: "soon",
    });
    expect(problems.map((p) => p.split(/[.:]/)[0])).toEqual([
      "SMTP_URL",
      "CONTACT_NOTIFY_TO",
      "CONTACT_NOTIFY_FROM",
      "SMTP_RETRY_DELAYS_MS",
    ]);
  });

  it("refuses one of SMTP_URL and CONTACT_NOTIFY_TO without the other", () => {
    expect(problemsOf({ SMTP_URL: "smtp://mail:25" })).toEqual([
      expect.stringMatching(/^CONTACT_NOTIFY_TO: must be set/),
    ]);
    expect(problemsOf({ CONTACT_NOTIFY_TO: "a@example.com" })).toEqual([
      expect.stringMatching(/^SMTP_URL: must be set/),
    ]);
  });
});
