/** One holder at a time, in arrival order: serialises graph writes (ingest jobs, deletes). */
export class Mutex {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  /** True while a holder runs or waits: the store may be changing (caches stand aside). */
  get busy(): boolean {
    return this.pending > 0;
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    this.pending++;
    const result = this.tail.then(() => work()).finally(() => this.pending--);
    // The next holder waits for this one whatever its outcome.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
