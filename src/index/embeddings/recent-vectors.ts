import { BATCHES_IN_FLIGHT } from "../../ingest/chunk-processor.js";

/**
 * Vectors of one ingest's last few batches by text, computed or still being computed. Batches
 * run two at a time (src/ingest/process-chunks.ts), so a text both ask for (a heading path
 * shared by a section's chunks) is in neither's cache lookup: this asks the model for it once.
 * Only the last `keep` batches are held (BATCHES_IN_FLIGHT), so memory does not grow with the
 * corpus. A failed call is dropped at once: a later batch (or the next ingest) asks the model itself.
 */
export class RecentVectors {
  private readonly batches: Array<Map<string, Promise<Float32Array | undefined>>> = [];

  constructor(private readonly keep = BATCHES_IN_FLIGHT) {}

  /**
   * Starts a batch; the oldest one beyond `keep` is forgotten (written to the cache by now).
   * What the batch adds goes under it, whichever batch started last.
   */
  nextBatch(): RecentBatch {
    const own = new Map<string, Promise<Float32Array | undefined>>();
    this.batches.unshift(own);
    this.batches.length = Math.min(this.batches.length, this.keep);
    return {
      get: (text) => this.get(text),
      add: (texts, call) => {
        texts.forEach((text, i) => {
          const vector = call.then((vectors) => vectors[i]);
          own.set(text, vector);
          // The batch that made the call sees its error; nobody borrows it.
          vector.catch(() => {
            if (own.get(text) === vector) own.delete(text);
          });
        });
      },
    };
  }

  private get(text: string): Promise<Float32Array | undefined> | undefined {
    for (const batch of this.batches) {
      const vector = batch.get(text);
      if (vector) return vector;
    }
    return undefined;
  }
}

/** One batch's view: vectors of its own and recent batches, and where its model calls go. */
export interface RecentBatch {
  get(text: string): Promise<Float32Array | undefined> | undefined;
  /** Records the model call computing `texts` (one vector each, in order). */
  add(texts: readonly string[], call: Promise<readonly Float32Array[]>): void;
}
