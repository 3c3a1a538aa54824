import PQueue from "p-queue";

/**
 * At most `limit` holders at once, the rest wait in arrival order (a p-queue with that
 * concurrency). A waiter whose signal aborts (client gone, deadline) leaves the queue without
 * ever holding a slot; async-mutex's Semaphore cannot drop a single waiter (its issue #64).
 */
export class Semaphore {
  private readonly queue: PQueue;

  constructor(readonly limit: number) {
    if (!(Number.isInteger(limit) && limit >= 1)) throw new RangeError("limit must be an integer ≥ 1");
    this.queue = new PQueue({ concurrency: limit });
  }

  /** Holders now, and callers queued behind them. */
  get load(): { active: number; waiting: number } {
    return { active: this.queue.pending, waiting: this.queue.size };
  }

  /** Resolves with the slot's release (idempotent) once a slot is free. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    // p-queue also frees the slot of a running task whose signal aborts; a holder keeps its slot
    // until it releases, so the signal p-queue sees stops listening at the grant.
    const wait = new AbortController();
    const leave = () => wait.abort(signal?.reason);
    signal?.addEventListener("abort", leave, { once: true });
    return new Promise((granted, refused) => {
      this.queue
        .add(
          () =>
            new Promise<void>((release) => {
              signal?.removeEventListener("abort", leave);
              granted(release);
            }),
          { signal: wait.signal },
        )
        .catch(refused);
    });
  }

  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await work();
    } finally {
      release();
    }
  }
}
