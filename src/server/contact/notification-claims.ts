/**
 * Who may email a contact message's notification (docs/decisions/091-contact-emails-claimed-once.md).
 * A notifier claims a message before each attempt, for `leaseMs`; a claim it already holds is
 * renewed; `finish` keeps every other notifier from claiming it again.
 */
export type NotificationClaims = {
  /** True when this notifier now holds the message, false when another one does or it is finished. */
  claim(messageId: number, leaseMs: number): Promise<boolean>;
  /** The message was sent or given up: no one claims it again. */
  finish(messageId: number): Promise<void>;
};

/**
 * The data folder's claims: one process writes there, and its one notifier is the only one that
 * sends, so only the finished messages need remembering.
 */
export function memoryClaims(): NotificationClaims {
  const finished = new Set<number>();
  return {
    claim: (messageId) => Promise.resolve(!finished.has(messageId)),
    finish: (messageId) => {
      finished.add(messageId);
      return Promise.resolve();
    },
  };
}
