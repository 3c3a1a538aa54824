import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { notFound, userError } from "../errors.js";

/** A cited source of a logged answer; `anchor` is its section's fragment (a corpus record id for JSONL corpora). */
export const CitedSourceSchema = z.object({
  S: z.string(),
  chunk_id: z.string(),
  anchor: z.string().optional(),
});
export type CitedSource = z.infer<typeof CitedSourceSchema>;

/** Written automatically for every answered query: what won (the cited chunks) or that nothing was found. */
export const QueryRecordSchema = z.object({
  kind: z.literal("query"),
  id: z.string(),
  at: z.string(),
  trace_id: z.string(),
  question: z.string(),
  route: z.string(),
  not_found: z.boolean(),
  cited: z.array(CitedSourceSchema),
});
export type QueryRecord = z.infer<typeof QueryRecordSchema>;

export const MAX_COMMENT = 2000;

/** What a user said about an answer (POST /v1/feedback). */
export const FeedbackRecordSchema = z.object({
  kind: z.literal("feedback"),
  id: z.string(),
  at: z.string(),
  trace_id: z.string(),
  helpful: z.boolean().optional(),
  clicked_citation: z.string().optional(),
  /** The clicked citation's chunk (and its section anchor). */
  chunk_id: z.string().optional(),
  anchor: z.string().optional(),
  comment: z.string().max(MAX_COMMENT).optional(),
});
export type FeedbackRecord = z.infer<typeof FeedbackRecordSchema>;

export const LogRecordSchema = z.discriminatedUnion("kind", [QueryRecordSchema, FeedbackRecordSchema]);
export type LogRecord = z.infer<typeof LogRecordSchema>;

export const FeedbackCountsSchema = z.object({
  queries: z.number().int().nonnegative(),
  not_found: z.number().int().nonnegative(),
  helpful: z.number().int().nonnegative(),
  unhelpful: z.number().int().nonnegative(),
  citation_clicks: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  /** Lines of the file that did not validate when it was read (kept, never rewritten). */
  skipped_lines: z.number().int().nonnegative(),
});
export type FeedbackCounts = z.infer<typeof FeedbackCountsSchema>;

export interface FeedbackInput {
  trace_id: string;
  helpful?: boolean | undefined;
  clicked_citation?: string | undefined;
  comment?: string | undefined;
}

/** Queries remembered for feedback by trace id (older ones are still in the file, and exported). */
const INDEXED_QUERIES = 50_000;

export const feedbackFile = (dataDir: string) => join(dataDir, "feedback", "feedback.jsonl");

/** Every valid record of a log file, in order, and how many lines did not validate. */
export function readFeedbackFile(file: string): { records: LogRecord[]; skipped: number } {
  if (!existsSync(file)) return { records: [], skipped: 0 };
  const records: LogRecord[] = [];
  let skipped = 0;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch {
      skipped++;
      continue;
    }
    const parsed = LogRecordSchema.safeParse(json);
    if (parsed.success) records.push(parsed.data);
    else skipped++;
  }
  return { records, skipped };
}

/**
 * The append-only feedback log (`<dataDir>/feedback/feedback.jsonl`): one JSON record a line,
 * answered queries logged automatically and users' feedback on them. Feedback must name a logged
 * query's trace id, so every line the export writes has its question.
 */
export class FeedbackLog {
  private readonly queries = new Map<string, QueryRecord>();
  private readonly counts: FeedbackCounts;

  private constructor(
    readonly file: string,
    private readonly now: () => number,
    existing: { records: LogRecord[]; skipped: number },
  ) {
    this.counts = {
      queries: 0,
      not_found: 0,
      helpful: 0,
      unhelpful: 0,
      citation_clicks: 0,
      comments: 0,
      skipped_lines: existing.skipped,
    };
    for (const r of existing.records) this.account(r);
  }

  static open(dataDir: string, options: { now?: () => number } = {}): FeedbackLog {
    const file = feedbackFile(dataDir);
    mkdirSync(dirname(file), { recursive: true });
    return new FeedbackLog(file, options.now ?? Date.now, readFeedbackFile(file));
  }

  logQuery(q: {
    trace_id: string;
    question: string;
    route: string;
    not_found: boolean;
    cited: CitedSource[];
  }) {
    this.append({ kind: "query", id: newId(), at: this.at(), ...q });
  }

  /** The logged query of a trace id, if it is still indexed. */
  query(traceId: string): QueryRecord | undefined {
    return this.queries.get(traceId);
  }

  /** Validates feedback against its query (unknown trace → not_found; unknown citation → user error). */
  addFeedback(input: FeedbackInput): { id: string } {
    const q = this.queries.get(input.trace_id);
    if (!q) throw notFound("unknown_trace", `no logged query with trace id ${input.trace_id}`);
    let source: CitedSource | undefined;
    if (input.clicked_citation !== undefined) {
      const c = input.clicked_citation;
      source = q.cited.find((s) => s.S === c || s.chunk_id === c);
      if (!source) throw userError("unknown_citation", `${c} is not a citation of that answer`);
    }
    const id = newId();
    this.append({
      kind: "feedback",
      id,
      at: this.at(),
      trace_id: input.trace_id,
      ...(input.helpful === undefined ? {} : { helpful: input.helpful }),
      ...(input.clicked_citation === undefined ? {} : { clicked_citation: input.clicked_citation }),
      ...(source ? { chunk_id: source.chunk_id, ...(source.anchor ? { anchor: source.anchor } : {}) } : {}),
      ...(input.comment ? { comment: input.comment } : {}),
    });
    return { id };
  }

  stats(): FeedbackCounts {
    return { ...this.counts };
  }

  private append(record: LogRecord): void {
    const valid = LogRecordSchema.parse(record);
    // One write per line with O_APPEND: lines never interleave, and a crash loses at most the last.
    appendFileSync(this.file, `${JSON.stringify(valid)}\n`);
    this.account(valid);
  }

  private account(r: LogRecord): void {
    if (r.kind === "query") {
      this.counts.queries++;
      if (r.not_found) this.counts.not_found++;
      this.queries.delete(r.trace_id);
      this.queries.set(r.trace_id, r);
      if (this.queries.size > INDEXED_QUERIES) {
        const oldest = this.queries.keys().next().value;
        if (oldest !== undefined) this.queries.delete(oldest);
      }
      return;
    }
    if (r.helpful === true) this.counts.helpful++;
    if (r.helpful === false) this.counts.unhelpful++;
    if (r.clicked_citation !== undefined) this.counts.citation_clicks++;
    if (r.comment) this.counts.comments++;
  }

  private at(): string {
    return new Date(this.now()).toISOString();
  }
}

const newId = () => `fb_${randomUUID().replaceAll("-", "").slice(0, 20)}`;

/** A citation's section anchor: its URL fragment (PDF citations have none). */
export function anchorOf(url: string | undefined): string | undefined {
  const hash = url?.indexOf("#") ?? -1;
  if (!url || hash < 0 || hash === url.length - 1) return undefined;
  try {
    return decodeURIComponent(url.slice(hash + 1));
  } catch {
    return url.slice(hash + 1);
  }
}
