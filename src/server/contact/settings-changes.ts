import { checkRecord, type Change } from "~/server/store/change";
import { DEFAULT_SETTINGS, settingsSchema } from "~/server/collections/settings";
import type { Snapshot } from "~/server/store/db-snapshot";
import type { Settings } from "~/server/store/types";

/** The inbox's settings (who may read it), kept with the messages they govern. */
export const settingsOf = (snap: Snapshot): Settings => ({ ...DEFAULT_SETTINGS, ...snap.data.settings });

export function updateSettings(snap: Snapshot, patch: Partial<Settings>): Change<Settings> {
  const settings = checkRecord<Settings>(settingsSchema, { ...settingsOf(snap), ...patch });
  return { next: { ...snap.data, settings }, result: settings, kinds: ["settings"] };
}
