/**
 * Runs each task after every earlier task that shares one of its keys has settled. Tasks only
 * wait for tasks queued before them, so no two can wait for each other.
 */
export function createSerializer() {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(keys: string[], task: () => Promise<T>): Promise<T> => {
    const run = Promise.allSettled(keys.map((key) => tails.get(key))).then(task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    for (const key of keys) tails.set(key, tail);
    void tail.then(() => keys.forEach((key) => tails.get(key) === tail && tails.delete(key)));
    return run;
  };
}
