/** The system health page's words (docs/product.md sections 2 and 8). */
export const HEALTH_MESSAGES = {
  title: "System Health",
  intro:
    "Whether the data (folder or database) can be read and written, and what a production site should still configure.",
  checking: "Checking system health...",
  errorTitle: "Error Checking System Health",
  noData: "No health data available",
  refresh: "Refresh Status",
  retry: "Retry",
  checkNow: "Check Now",
  connected: "Connected",
  disconnected: "Not connected",
  envComplete: "Complete",
  envIncomplete: "Incomplete",
  noSaveYet: "None since the server started",
  noBackupYet: "No backup yet",
  /** BACKUP_SCHEDULE and the last backup it took on this instance. */
  scheduledBackups: (schedule: string, last: string | null) =>
    schedule === "off"
      ? "Off (BACKUP_SCHEDULE=off)"
      : `${schedule === "daily" ? "Daily" : "Hourly"}; ${last ? `last taken here ${last}` : "none taken here since the start"}`,
  scheduledBackupFailing: (since: string, reason: string) => `Failing since ${since}: ${reason}`,
  unknown: "Unknown",
} as const;
