import { createHash } from "node:crypto";
import { z } from "zod";
import type { CorpusRecord, QuestionRecord } from "./qa-records.js";

/** One article of MultiHop-RAG's articles.jsonl (text is partial: the quoted evidence sentences). */
export const MhrArticleSchema = z.object({
  id: z.string().min(1).optional(),
  title: z.string().min(1),
  text: z.string(),
  source: z.string().optional(),
  published_at: z.string().optional(),
  url: z.string().optional(),
});
export type MhrArticle = z.infer<typeof MhrArticleSchema>;

const EvidenceSchema = z.object({
  title: z.string(),
  source: z.string().optional(),
  published_at: z.string().optional(),
  url: z.string().optional(),
  fact: z.string().optional(),
});

/** One query of queries.jsonl; its own `supporting_ids`, if any, are only cross-checked. */
export const MhrQuerySchema = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  answers: z.array(z.string()),
  type: z.string(),
  evidence_list: z.array(EvidenceSchema),
  supporting_ids: z.array(z.string()).optional(),
});
export type MhrQuery = z.infer<typeof MhrQuerySchema>;

export interface MhrAdapted {
  corpus: CorpusRecord[];
  questions: QuestionRecord[];
  notes: string[];
}

/** Same rule as the shared file's ids ("mhr:" + sha1(title)[:16]), for articles that lack one. */
export function articleId(article: Pick<MhrArticle, "id" | "title">): string {
  return article.id ?? `mhr:${createHash("sha1").update(article.title).digest("hex").slice(0, 16)}`;
}

const normTitle = (title: string): string =>
  title.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Maps MultiHop-RAG to the corpus/question shape of the multihop folders. An article becomes a
 * passage: its title, and as text a byline line (source, publication date) then the article text,
 * because queries name the outlet and the period ("reported by TechCrunch", "in October 2023").
 * Gold passages are the articles the evidence titles name (exact title, else url, else the
 * title case- and space-insensitively). Null queries keep no gold: they are counted but not scored.
 */
export function adaptMultihopRag(articles: readonly MhrArticle[], queries: readonly MhrQuery[]): MhrAdapted {
  const byTitle = new Map<string, string>();
  const byUrl = new Map<string, string>();
  const byNorm = new Map<string, string>();
  const corpus = articles.map((a): CorpusRecord => {
    const id = articleId(a);
    byTitle.set(a.title, id);
    if (a.url) byUrl.set(a.url, id);
    byNorm.set(normTitle(a.title), id);
    return { id, title: a.title, text: [byline(a), a.text].filter((s) => s !== "").join("\n") };
  });
  let unmatched = 0;
  let disagreements = 0;
  const questions = queries.map((q): QuestionRecord => {
    const gold: string[] = [];
    for (const e of q.evidence_list) {
      const id =
        byTitle.get(e.title) ?? (e.url ? byUrl.get(e.url) : undefined) ?? byNorm.get(normTitle(e.title));
      if (id === undefined) unmatched++;
      else if (!gold.includes(id)) gold.push(id);
    }
    if (q.supporting_ids && !sameSet(q.supporting_ids, gold)) disagreements++;
    return { id: q.id, question: q.question, answers: q.answers, supporting_ids: gold, type: q.type };
  });
  const noGold = questions.filter((q) => q.supporting_ids.length === 0);
  const types = [...new Set(noGold.map((q) => q.type ?? "?"))].join(", ");
  const notes = [
    `MultiHop-RAG adapted: ${corpus.length} articles → passages (title; text = "source, date" byline + the partial article text); gold passages = articles matched by evidence title.`,
    `${noGold.length} of ${questions.length} queries have no gold passage (${types || "none"}): counted in "questions" and latency, excluded from recall, MRR and nDCG averages.`,
  ];
  if (unmatched > 0) notes.push(`${unmatched} evidence items matched no article and were dropped from gold.`);
  if (disagreements > 0)
    notes.push(`${disagreements} queries' shipped supporting_ids differ from the evidence-title mapping.`);
  return { corpus, questions, notes };
}

function byline(a: MhrArticle): string {
  const date = a.published_at?.slice(0, 10);
  return [a.source, date].filter((s): s is string => Boolean(s)).join(", ");
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  return sa.size === new Set(b).size && b.every((x) => sa.has(x));
}
