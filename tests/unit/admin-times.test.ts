import { afterEach, describe, expect, it } from "vitest";
import { formatDateTime, setDisplayZone } from "~/shared/dates";

/** Admin times in the signed-in user's zone, the zone named (src/shared/dates.ts, src/app/lib/local-time.ts). */
describe("admin times", () => {
  afterEach(() => setDisplayZone("UTC"));
  const AT = "2026-03-05T14:03:00.000Z";

  it("are UTC, named, on the server and while a page hydrates", () => {
    expect(formatDateTime(AT)).toBe("Mar 05, 2026, 14:03 UTC");
    expect(formatDateTime(undefined)).toBe("—");
  });

  it("are in the browser's zone once it is known, with the zone named", () => {
    setDisplayZone("Asia/Tokyo");
    expect(formatDateTime(AT)).toBe("Mar 05, 2026, 23:03 (Asia/Tokyo)");
    expect(formatDateTime(AT, "—", "America/New_York")).toBe("Mar 05, 2026, 09:03 (America/New_York)");
  });

  it("say UTC for every name of UTC, and for a zone Intl does not know", () => {
    for (const zone of ["Etc/UTC", "UTC", "GMT", "Etc/GMT", "Not/AZone"]) {
      expect(formatDateTime(AT, "—", zone)).toBe("Mar 05, 2026, 14:03 UTC");
    }
  });
});
