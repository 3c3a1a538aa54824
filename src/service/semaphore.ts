/**
 * At most `limit` holders at once, the rest wait in arrival order. A waiter whose signal aborts
 * (client gone, deadline) leaves the queue without ever holding a slot.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<{ grant: () => void }> = [];

  constructor(readonly limit: number) {
    if (!(Number.isInteger(limit) && limit >= 1)) throw new RangeError("limit must be an integer ≥ 1");
  }

  /** Holders now, and callers queued behind them. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.active < this.limit) {
      this.active++;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(entry);
    });
    return this.releaser();
  }

  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** The slot passes straight to the next waiter, so `active` never dips while others queue. */
  private releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.waiting.shift();
      if (next) next.grant();
      else this.active--;
    };
  }
}
