/** One holder at a time, in arrival order: serialises graph writes (ingest jobs, deletes). */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(() => work());
    // The next holder waits for this one whatever its outcome.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
