import PQueue from "p-queue";

/**
 * One holder at a time, in arrival order: serialises graph writes (ingest jobs, deletes).
 * A p-queue of concurrency 1, the library the Semaphore needs anyway (async-mutex's Mutex
 * would do as well, as a second dependency).
 */
export class Mutex {
  private readonly queue = new PQueue({ concurrency: 1 });

  /** True while a holder runs or waits: the store may be changing (caches stand aside). */
  get busy(): boolean {
    return this.queue.pending + this.queue.size > 0;
  }

  /** The next holder waits for this one whatever its outcome. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.queue.add(work);
  }
}
