import { z } from "zod";
import { ROLES } from "~/shared/permissions";

/** Site-wide settings an admin changes in /admin; absent in older files (DEFAULT_SETTINGS). */
export const settingsRecordSchema = z.object({
  writersSeeInbox: z.boolean(),
  /** Roles that must sign in with a second factor (docs/decisions/222-two-factor-required-for-roles.md); none when absent. */
  twoFactorRoles: z.array(z.enum(ROLES)).optional(),
});
export const settingsSchema = settingsRecordSchema.loose();
export const DEFAULT_SETTINGS: z.infer<typeof settingsRecordSchema> = { writersSeeInbox: false };
