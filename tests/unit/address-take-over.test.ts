import { describe, expect, it } from "vitest";
import { refusedAddress } from "~/app/components/admin/address-take-over";
import { REVISION_MESSAGES } from "~/shared/revisions";

/** When the post form offers to take over another post's old address (address-take-over.tsx). */
describe("the post form's offer to take over an old address", () => {
  it("appears for a refusal that a confirmation would let through, for that slug only", () => {
    const refusal = { slug: [REVISION_MESSAGES.slugRedirected("old-address")] };
    expect(refusedAddress(refusal, "old-address")).toBe("old-address");
    expect(refusedAddress(refusal, "another-slug")).toBeUndefined();
  });

  it("does not appear where no confirmation helps: no right to publish, or another refusal", () => {
    expect(refusedAddress({ slug: [REVISION_MESSAGES.slugRedirectedNoRight("old-address")] }, "old-address")).toBe(
      undefined,
    );
    expect(refusedAddress({ slug: [REVISION_MESSAGES.slugInTrash("old-address")] }, "old-address")).toBeUndefined();
    expect(refusedAddress(undefined, "old-address")).toBeUndefined();
  });
});
