import { z } from "zod";
import { QuestionTypeSchema, type Route, RouteSchema } from "../schemas.js";

/** One row of questions.jsonl: a question with its gold route and question type. */
export const LabelledQuestionSchema = z.object({
  id: z.string(),
  question: z.string().min(1),
  route: RouteSchema,
  question_type: QuestionTypeSchema,
  source: z.string(),
  split: z.enum(["train", "heldout"]),
});
export type LabelledQuestion = z.infer<typeof LabelledQuestionSchema>;

export interface Accuracy<L extends string> {
  n: number;
  correct: number;
  accuracy: number;
  /** confusion[gold][predicted] = count. */
  confusion: Record<L, Record<L, number>>;
}

/** Accuracy and confusion matrix of predictions against gold labels over a fixed label set. */
export function accuracy<L extends string>(
  labels: readonly L[],
  pairs: ReadonlyArray<{ gold: L; predicted: L }>,
): Accuracy<L> {
  const confusion = Object.fromEntries(
    labels.map((g) => [g, Object.fromEntries(labels.map((p) => [p, 0]))]),
  ) as Record<L, Record<L, number>>;
  let correct = 0;
  for (const { gold, predicted } of pairs) {
    confusion[gold][predicted] += 1;
    if (gold === predicted) correct++;
  }
  return { n: pairs.length, correct, accuracy: pairs.length ? correct / pairs.length : 0, confusion };
}

/** The confusion matrix as a fixed-width text table (rows gold, columns predicted). */
export function renderConfusion<L extends string>(labels: readonly L[], a: Accuracy<L>): string {
  const w = Math.max(9, ...labels.map((l) => l.length + 1));
  const head = `${"gold\\pred".padEnd(w)}${labels.map((l) => l.padStart(w)).join("")}`;
  const rows = labels.map(
    (g) => `${g.padEnd(w)}${labels.map((p) => String(a.confusion[g][p]).padStart(w)).join("")}`,
  );
  return [head, ...rows].join("\n");
}

export type { Route };
