import type { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import type { AgentVerifier } from "../agent-deps.js";
import { lexicalVerifier, type VerifiedDraft, verifyDraft } from "../answer/verify-answer.js";
import type { AnswerSentence, SentenceCheck } from "../schemas.js";
import { structuredCall } from "./structured-call.js";
import { withFallback } from "./with-fallback.js";

export const JUDGE_PROMPT = `You check an answer against its sources. For each numbered answer sentence, say
whether the passages it cites state what the sentence says (supported: true) or not (false). Answer JSON.`;

/** The judge's answer; at most one check per sentence, so a small model cannot loop. */
export const judgeSchema = (sentences: number) =>
  z.object({
    checks: z
      .array(z.object({ sentence: z.number().int().min(1).max(sentences), supported: z.boolean() }))
      .max(sentences),
  });

/**
 * LLM verifier (a judge): its verdict decides each sentence it judged (kept as supported, or
 * dropped); sentences it skipped keep the lexical verdict. The support figure stays the lexical
 * score. An empty draft needs no judge.
 */
export function createLlmVerifier(model: ChatOpenAI): AgentVerifier {
  return async (draft, evidence, ctx) => {
    if (draft.sentences.length === 0) return lexicalVerifier(draft, evidence);
    const bySid = new Map(evidence.map((e) => [e.sid, e]));
    const listing = draft.sentences
      .map((s, i) => {
        const cited = s.cites.map((c) => `  [${c}] ${(bySid.get(c)?.text ?? "(missing)").slice(0, 600)}`);
        return `${i + 1}. ${s.text}\n${cited.join("\n")}`;
      })
      .join("\n");
    return withFallback<VerifiedDraft>(
      "verify",
      ctx,
      async () => {
        const a = await structuredCall(model, "judge", judgeSchema(draft.sentences.length), [
          { role: "system", content: JUDGE_PROMPT },
          { role: "user", content: `Answer sentences and the passages they cite:\n${listing}` },
        ]);
        if (!a.ok) return a;
        const verdicts = new Map(a.value.checks.map((c) => [c.sentence - 1, c.supported]));
        return { ...a, value: applyJudge(draft.sentences, evidence, verdicts, draft.not_found) };
      },
      () => lexicalVerifier(draft, evidence),
      "lexical verifier",
    );
  };
}

/** Merges the judge's verdicts (by sentence index) with the lexical checks. Pure. */
export function applyJudge(
  sentences: readonly AnswerSentence[],
  evidence: Parameters<typeof verifyDraft>[1],
  verdicts: ReadonlyMap<number, boolean>,
  notFound: boolean,
): VerifiedDraft {
  const checks: SentenceCheck[] = [];
  const kept: AnswerSentence[] = [];
  sentences.forEach((s, i) => {
    const lexical = verifyDraft({ sentences: [s], not_found: false }, evidence);
    const check = lexical.report.checks[0];
    if (!check) return;
    const judged = verdicts.get(i);
    if (judged === undefined) {
      checks.push(check);
      kept.push(...lexical.draft.sentences);
    } else if (judged) {
      checks.push({ text: s.text, cites: s.cites, support: check.support, verdict: "supported" });
      kept.push(s);
    } else {
      checks.push({ text: s.text, cites: s.cites, support: check.support, verdict: "dropped" });
    }
  });
  const dropped = checks.filter((c) => c.verdict === "dropped").length;
  return {
    draft: { sentences: kept, not_found: notFound || kept.length === 0 },
    report: {
      sentences: sentences.length,
      supported: sentences.length - dropped,
      dropped,
      checks,
      contradictions: [],
    },
  };
}
