import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "~/app/components/admin/admin-messages";
import { can, ROLES, roleNames, rolesThatMay } from "~/shared/permissions";

/** The delete dialog names who can restore from the Trash, as the permission table says. */
describe("the delete dialog's promise", () => {
  it("names every role that may restore from the Trash, and no other", () => {
    const text = ADMIN_MESSAGES.deleteConfirm.description("Queues in the rain");
    expect(text).toBe(
      '"Queues in the rain" will be removed from the blog and kept in the Trash, where admins and editors can restore it.',
    );
    for (const role of ROLES) expect(text.includes(`${role}s`)).toBe(can(role, "trash.manage"));
  });

  it("says a list of roles as a reader would", () => {
    expect(roleNames(["admin"])).toBe("admins");
    expect(roleNames(["admin", "editor", "writer"])).toBe("admins, editors and writers");
    expect(rolesThatMay("users.manage")).toEqual(["admin"]);
  });
});
