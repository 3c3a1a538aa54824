/**
 * Where an ingest spends its time, in seconds per stage (`agr ingest --json` → `stages`):
 * parse (read + loader), structure (document graph), write (store transactions), extraction
 * (references, entities), embedding (passages, headings, link anchors), links (resolution,
 * pruning), knn (skeleton: kNN graph, chunk PageRank, LLM extraction), finalize (section
 * PageRank, entity salience, synonyms, communities). `total` is the whole run, wall clock.
 * A stage's seconds are those during which at least one of its calls ran (batches overlap:
 * two embedding calls at once count once); stages overlap each other, so they can sum past `total`.
 */
export const INGEST_STAGES = [
  "parse",
  "structure",
  "write",
  "extraction",
  "embedding",
  "links",
  "knn",
  "finalize",
] as const;

export type IngestStage = (typeof INGEST_STAGES)[number];

export type IngestStages = Record<IngestStage | "total", number>;

export interface StageTimer {
  /** Runs `fn`, adding to `stage` the wall time no other call of that stage already counts (also when it throws). */
  time<T>(stage: IngestStage, fn: () => Promise<T>): Promise<T>;
  /** Seconds per stage so far, rounded to milliseconds, with the total since the timer began. */
  report(): IngestStages;
}

export function createStageTimer(now: () => number = () => performance.now()): StageTimer {
  const started = now();
  const ms = new Map<IngestStage, number>();
  // Calls of a stage running now, and since when at least one has been.
  const open = new Map<IngestStage, { calls: number; since: number }>();
  const round = (x: number) => Math.round(x) / 1000;
  return {
    async time(stage, fn) {
      const running = open.get(stage);
      if (running) running.calls++;
      else open.set(stage, { calls: 1, since: now() });
      try {
        return await fn();
      } finally {
        const r = open.get(stage);
        if (r && --r.calls === 0) {
          ms.set(stage, (ms.get(stage) ?? 0) + now() - r.since);
          open.delete(stage);
        }
      }
    },
    report() {
      const get = (s: IngestStage) => round(ms.get(s) ?? 0);
      return {
        parse: get("parse"),
        structure: get("structure"),
        write: get("write"),
        extraction: get("extraction"),
        embedding: get("embedding"),
        links: get("links"),
        knn: get("knn"),
        finalize: get("finalize"),
        total: round(now() - started),
      };
    },
  };
}

/** "parse 1.2 s, embedding 80.1 s, ..." for stages that took any time. */
export function formatStages(stages: IngestStages): string {
  const parts = INGEST_STAGES.filter((s) => stages[s] > 0).map((s) => `${s} ${stages[s].toFixed(1)} s`);
  return `${parts.join(", ")} (total ${stages.total.toFixed(1)} s)`;
}
