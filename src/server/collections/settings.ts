import { z } from "zod";

/** Site-wide settings an admin changes in /admin; absent in older files (DEFAULT_SETTINGS). */
export const settingsRecordSchema = z.object({ writersSeeInbox: z.boolean() });
export const settingsSchema = settingsRecordSchema.loose();
export const DEFAULT_SETTINGS: z.infer<typeof settingsRecordSchema> = { writersSeeInbox: false };
