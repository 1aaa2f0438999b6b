import type { ActivityEntry } from "~/shared/activity";
import type { Change } from "./change";
import { buildSnapshot, type Snapshot } from "./db-snapshot";
import type { ChangeKind } from "./types";

type Job = {
  change: (snap: Snapshot, now: string) => Change<unknown>;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
};

/**
 * The one write queue of docs/architecture.md section 4, with group commit: writes that arrive while a file
 * write is on its way to disk are applied in order and then saved together in one file write.
 * Every write rewrites all of db.json (about 25 MB and 180 ms at 10,000 posts), so a burst of
 * contact messages or a bulk import costs a few file writes instead of one each.
 *
 * Each change sees the effect of every change queued before it. A change that throws (a taken
 * slug) fails alone; a file write that fails fails every change it carried, and the committed
 * snapshot stays as it was, so memory never runs ahead of the disk.
 */
export class CommitQueue {
  private jobs: Job[] = [];
  private running = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly committed: () => Snapshot,
    /** Saves the batch's data with the activity entries its changes carried (change.ts). */
    private readonly save: (snap: Snapshot, activity: ActivityEntry[]) => Promise<void>,
    private readonly commit: (snap: Snapshot, kinds: Set<ChangeKind>) => void,
  ) {}

  push<R>(change: (snap: Snapshot, now: string) => Change<R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.jobs.push({ change, resolve: resolve as (result: unknown) => void, reject });
      if (!this.running) this.flushing = this.flush();
    });
  }

  /** Resolves once every queued write has been saved or has failed. */
  async idle(): Promise<void> {
    while (this.running) await this.flushing;
  }

  private async flush(): Promise<void> {
    this.running = true;
    try {
      while (this.jobs.length > 0) await this.saveBatch(this.jobs.splice(0));
    } finally {
      // Cleared in the same tick as the last look at `jobs`, so no job pushed later is stranded.
      this.running = false;
    }
  }

  private async saveBatch(batch: Job[]): Promise<void> {
    const start = this.committed();
    let snap = start;
    const kinds = new Set<ChangeKind>();
    const applied: Array<{ job: Job; result: unknown }> = [];
    const activity: ActivityEntry[] = [];
    for (const job of batch) {
      try {
        const { next, result, kinds: changed, activity: entries } = job.change(snap, new Date().toISOString());
        if (next) snap = buildSnapshot(next, snap);
        if (next && entries) activity.push(...entries);
        changed.forEach((kind) => kinds.add(kind));
        applied.push({ job, result });
      } catch (error) {
        job.reject(error);
      }
    }
    if (snap !== start) {
      try {
        await this.save(snap, activity);
      } catch (error) {
        applied.forEach(({ job }) => job.reject(error));
        return;
      }
      this.commit(snap, kinds);
    }
    applied.forEach(({ job, result }) => job.resolve(result));
  }
}
