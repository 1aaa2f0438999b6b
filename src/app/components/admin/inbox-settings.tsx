import { useEffect } from "react";
import { useFetcher } from "react-router";
import { INBOX_MESSAGES, type InboxSettings } from "~/shared/inbox";
import type { action } from "~/app/routes/admin.data.inbox";
import { toast } from "~/app/lib/toast";
import { Card } from "~/app/components/ui/card";
import { Switch } from "~/app/components/ui/switch";
import { INBOX_DATA_PATH } from "./use-inbox";

/** The admins' settings for the inbox: whether writers may see it (off by default). */
export function InboxSettingsCard({ settings }: { settings: InboxSettings }) {
  const fetcher = useFetcher<typeof action>();
  // Shows the switch where it is going while the save runs, then the stored value.
  const pending = fetcher.formData?.get("writersSeeInbox");
  const checked = pending === undefined || pending === null ? settings.writersSeeInbox : pending === "true";
  const result = fetcher.data;
  useEffect(() => {
    if (!result) return;
    toast(
      result.ok
        ? { title: INBOX_MESSAGES.settingsSaved }
        : { title: INBOX_MESSAGES.failed, description: result.message, variant: "destructive" },
    );
  }, [result]);

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">{INBOX_MESSAGES.settingsHeading}</h2>
      <div className="mt-3 flex items-start gap-3">
        <Switch
          id="writers-see-inbox"
          checked={checked}
          onCheckedChange={(on) =>
            void fetcher.submit(
              { intent: "settings", writersSeeInbox: String(on) },
              { method: "post", action: INBOX_DATA_PATH },
            )
          }
          aria-describedby="writers-see-inbox-hint"
        />
        <div>
          <label htmlFor="writers-see-inbox" className="text-sm font-medium text-slate-800">
            {INBOX_MESSAGES.writersSeeInbox}
          </label>
          <p id="writers-see-inbox-hint" className="text-sm text-slate-600">
            {INBOX_MESSAGES.writersSeeInboxHint}
          </p>
        </div>
      </div>
    </Card>
  );
}
