import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Triplet } from "../../tools/tool-result.js";
import type { AnswerSentence, SentenceCheck } from "../schemas.js";
import { findContradictions } from "./find-contradictions.js";
import { finishDraft, reportOf, type VerifiedDraft } from "./verify-answer.js";
import { claimContradictions } from "./verify-claims.js";
import { tripletSwap } from "./verify-order.js";
import { citedText } from "./verify-read.js";

/**
 * The verifier's second pass, with the graph's facts (any verifier's output, offline or LLM):
 * drops a kept sentence that swaps a known fact's subject and object, and reports contradictions
 * between the answer and the facts, and among the facts stated by the bundle's passages.
 */
export function verifyAgainstFacts(
  verified: VerifiedDraft,
  facts: readonly Triplet[],
  evidence: readonly Evidence[],
): VerifiedDraft {
  const sidByChunk = new Map<string, string>();
  // A passage's own S# first: graph items (evidence with a `kind` other than "passage") reuse its chunk id.
  const isPassage = (e: Evidence) => ((e as { kind?: string }).kind ?? "passage") === "passage";
  for (const e of evidence) if (isPassage(e)) sidByChunk.set(e.chunk_id, e.sid);
  for (const e of evidence) if (!sidByChunk.has(e.chunk_id)) sidByChunk.set(e.chunk_id, e.sid);
  const sidOf = (chunkId: string) => sidByChunk.get(chunkId);

  const { draft, report } = verified;
  const checks: SentenceCheck[] = [];
  const kept: AnswerSentence[] = [];
  const survived: boolean[] = [];
  let k = 0;
  for (const c of report.checks) {
    if (c.verdict === "dropped") {
      checks.push(c);
      continue;
    }
    const s = draft.sentences[k++];
    if (!s) continue;
    const swap = tripletSwap(citedText(s.text, s.cites).text, facts);
    if (swap) {
      checks.push({ ...c, verdict: "dropped", reasons: [...(c.reasons ?? []), swap] });
      survived.push(false);
    } else {
      checks.push(c);
      kept.push(s);
      survived.push(true);
    }
  }
  // Only facts stated by passages of the evidence: those are what the answer may rest on.
  const inEvidence = facts.filter((t) => sidByChunk.has(t.chunk_id));
  const contradictions = [
    ...report.contradictions,
    ...claimContradictions(kept, inEvidence, sidOf),
    ...findContradictions(
      inEvidence.map((t) => ({
        id: t.relation_id,
        subject: t.subject,
        predicate: t.predicate,
        object: t.object,
        chunk_id: t.chunk_id,
        ...(t.valid_from ? { valid_from: t.valid_from } : {}),
        ...(t.valid_to ? { valid_to: t.valid_to } : {}),
      })),
      sidOf,
    ),
  ];
  return {
    draft: finishDraft(draft, kept, survived),
    report: { ...reportOf(checks), contradictions },
  };
}
