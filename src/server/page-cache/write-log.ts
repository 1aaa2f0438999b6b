/**
 * The topics each write touched since the oldest render under way began (html-cache.ts), so a render
 * is thrown away only when a write that landed while it ran touched what it shows, not after any
 * write at all (docs/decisions/141-renders-overtaken-by-their-topics.md). A write that touched
 * everything (too large to list) is recorded without topics and overtakes every render.
 */
export class WriteLog {
  /** Counts every write; a render notes it when it starts. */
  private generation = 0;
  private writes: { generation: number; topics: ReadonlySet<string> | undefined }[] = [];
  /** Renders under way, by the generation they started at. */
  private readonly open = new Map<number, number>();

  /** A write that touched these topics, or everything. */
  record(topics: ReadonlySet<string> | undefined): void {
    this.generation += 1;
    if (this.open.size > 0) this.writes.push({ generation: this.generation, topics });
  }

  /** A render starting: answers its generation, for `overtaken` and `end`. */
  start(): number {
    this.open.set(this.generation, (this.open.get(this.generation) ?? 0) + 1);
    return this.generation;
  }

  /** Now: a request joining a render under way notes it, to compare with `overtaken`'s answer. */
  get now(): number {
    return this.generation;
  }

  /**
   * The generation of the first write since `started` that touched one of `shown`, or undefined:
   * a render that started at `started` and shows those topics is as new as that write's content
   * for a request that joined before it, and too old from it on.
   */
  overtaken(started: number, shown: readonly string[]): number | undefined {
    for (const { generation, topics } of this.writes) {
      if (generation <= started) continue;
      if (!topics || shown.some((topic) => topics.has(topic))) return generation;
    }
    return undefined;
  }

  /** A render that started at `started` is over; the writes no render under way can be overtaken by go. */
  end(started: number): void {
    const left = (this.open.get(started) ?? 1) - 1;
    if (left > 0) this.open.set(started, left);
    else this.open.delete(started);
    const oldest = Math.min(...this.open.keys());
    this.writes = this.writes.filter(({ generation }) => generation > oldest);
  }
}
