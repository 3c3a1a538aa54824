import { createHash } from "node:crypto";
import { z } from "zod";
import type { CitedSource, FeedbackRecord, LogRecord, QueryRecord } from "./feedback-log.js";
import { normaliseQuery } from "./result-cache.js";

/**
 * One exported hard case, in the shape of a dataset's dev.jsonl question (what `agr eval
 * --questions` reads) plus provenance fields the loader ignores.
 */
export const FeedbackCaseSchema = z.object({
  id: z.string(),
  question: z.string(),
  /** Gold answers are unknown from feedback: a reviewer may fill them in. */
  answers: z.array(z.string()),
  /** Passage ids (section anchors = corpus record ids), else chunk ids; empty: not scored for recall. */
  supporting_ids: z.array(z.string()),
  type: z.enum(["not_found", "unhelpful", "helpful", "clicked", "answered"]),
  chunk_ids: z.array(z.string()),
  trace_id: z.string(),
  route: z.string(),
  comments: z.array(z.string()).optional(),
});
export type FeedbackCase = z.infer<typeof FeedbackCaseSchema>;

export interface FeedbackCasesOptions {
  /** Also answered queries nobody gave feedback on (their cited chunks as supporting ids). */
  all?: boolean;
}

/**
 * Logged queries and their feedback → eval questions. Not-found answers and answers marked
 * unhelpful are the hard cases; helpful or clicked answers keep their winning chunks as gold.
 * One case per question (whitespace-normalised, case-insensitive): its latest logged query wins.
 */
export function feedbackCases(
  records: readonly LogRecord[],
  options: FeedbackCasesOptions = {},
): FeedbackCase[] {
  const feedback = new Map<string, FeedbackRecord[]>();
  for (const r of records)
    if (r.kind === "feedback") feedback.set(r.trace_id, [...(feedback.get(r.trace_id) ?? []), r]);
  const byQuestion = new Map<string, FeedbackCase>();
  for (const q of records) {
    if (q.kind !== "query") continue;
    const c = toCase(q, feedback.get(q.trace_id) ?? [], options);
    if (!c) continue;
    const key = normaliseQuery(q.question).toLowerCase();
    byQuestion.delete(key);
    byQuestion.set(key, c);
  }
  return [...byQuestion.values()];
}

function toCase(q: QueryRecord, fb: readonly FeedbackRecord[], options: FeedbackCasesOptions) {
  // The latest explicit verdict counts (a user may change their mind).
  const helpful = fb.reduce<boolean | undefined>((v, f) => f.helpful ?? v, undefined);
  const clicked: CitedSource[] = [];
  for (const f of fb)
    if (f.chunk_id && !clicked.some((c) => c.chunk_id === f.chunk_id))
      clicked.push({
        S: f.clicked_citation ?? "",
        chunk_id: f.chunk_id,
        ...(f.anchor ? { anchor: f.anchor } : {}),
      });
  let type: FeedbackCase["type"];
  let gold: CitedSource[];
  if (q.not_found) [type, gold] = ["not_found", []];
  else if (helpful === false) [type, gold] = ["unhelpful", clicked];
  else if (helpful === true) [type, gold] = ["helpful", clicked.length ? clicked : q.cited];
  else if (clicked.length) [type, gold] = ["clicked", clicked];
  else if (options.all) [type, gold] = ["answered", q.cited];
  else return undefined;
  const comments = fb.flatMap((f) => (f.comment ? [f.comment] : []));
  return FeedbackCaseSchema.parse({
    id: `fb-${createHash("sha256").update(normaliseQuery(q.question).toLowerCase()).digest("hex").slice(0, 12)}`,
    question: q.question,
    answers: [],
    supporting_ids: [...new Set(gold.map((c) => c.anchor ?? c.chunk_id))],
    type,
    chunk_ids: [...new Set(gold.map((c) => c.chunk_id))],
    trace_id: q.trace_id,
    route: q.route,
    ...(comments.length ? { comments } : {}),
  });
}
