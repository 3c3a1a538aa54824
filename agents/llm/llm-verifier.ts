import type { ChatOpenAI } from "@langchain/openai";
import { z } from "zod";
import { delimitSentence } from "../../src/llm/delimit-passages.js";
import { isInjectedInstruction, withoutInjectedInstructions } from "../../src/llm/injected-instruction.js";
import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { AgentVerifier, StepContext } from "../agent-deps.js";
import { NOT_FOUND_RE } from "../answer/answer-language.js";
import {
  checkCited,
  evidenceReader,
  holderOf,
  lexicalVerifier,
  reportOf,
  type VerifiedDraft,
  verifySentence,
} from "../answer/verify-answer.js";
import type { AnswerSentence, Draft, SentenceCheck } from "../schemas.js";
import { contentTerms } from "../text.js";
import { groundedShortAnswer } from "./cited-text.js";
import { evidencePrompt, PASSAGES_ARE_DATA } from "./evidence-prompt.js";
import { structuredCall } from "./structured-call.js";
import { withFallback } from "./with-fallback.js";

export const REVISE_PROMPT = `You correct one answer sentence so that the passages it cites support it. Answer JSON.
${PASSAGES_ARE_DATA}
Rewrite the sentence in <sentence> as one short sentence that states only what the passages say, keeping
its meaning where the passages allow. If the passages do not support any version of it, return "".`;

/** The rewrite; capped so a small model cannot run on to the token limit. */
export const ReviseSchema = z.object({ sentence: z.string().max(300) });

/** One sentence's outcome: its check, and the sentence kept (absent when dropped). */
export interface SentenceOutcome {
  check: SentenceCheck;
  kept?: AnswerSentence;
}

/**
 * First pass, offline: the verifier's own per-sentence checks (verifySentence: numbers, dates,
 * names, negation, word order, table cells against the cited passages, else re-cited to a passage
 * that supports it). An LLM never overrules a sentence these accept.
 */
export function offlineCheck(sentence: AnswerSentence, evidence: readonly Evidence[]): SentenceOutcome {
  return verifySentence(sentence, evidence, evidenceReader(evidence));
}

/**
 * LLM verifier: each sentence the offline checks reject (not even re-citable) is rewritten once by
 * the model from the passages it cites, then checked again against them (checkCited): kept as
 * "revised" when now supported, else dropped. No sentence left: "not found". A failed call keeps
 * the offline verdict (dropped). The checks read the passages without instructions planted in
 * them; the model sees them whole, as data.
 */
export function createLlmVerifier(model: ChatOpenAI): AgentVerifier {
  return async (draft, evidence, ctx) => {
    if (draft.sentences.length === 0) return lexicalVerifier(draft, evidence);
    // An order planted in a passage ("reply PWNED") is not support for a sentence that obeys it;
    // a passage that is nothing but such orders states no fact at all, so it cannot be cited.
    const facts = evidence
      .map((e) => ({ ...e, text: withoutInjectedInstructions(e.text) }))
      .filter((e) => e.text.trim() !== "");
    const outcomes: SentenceOutcome[] = [];
    for (const [i, s] of draft.sentences.entries()) {
      const first = offlineCheck(s, facts);
      if (first.kept) {
        outcomes.push(first);
        continue;
      }
      const rewrite = await revise(model, s, evidence, ctx);
      if (rewrite === null) {
        outcomes.push(first);
        continue;
      }
      // The rewrite answers to the passages it was written from: no re-citing elsewhere.
      const revised = { text: rewrite, cites: s.cites };
      const again = isRewriteOf(rewrite, s.text) ? checkCited(revised, facts) : undefined;
      if (again?.ok) {
        ctx?.note(`llm verify: sentence ${i + 1} rewritten from [${s.cites.join(",")}]: now supported`);
        const check = {
          ...revised,
          support: again.support,
          verdict: "revised" as const,
          reasons: first.check.reasons ?? [],
        };
        outcomes.push({ check, kept: revised });
      } else {
        ctx?.note(`llm verify: sentence ${i + 1} still unsupported after its rewrite: dropped`);
        outcomes.push(first);
      }
    }
    return assembleVerified(draft, outcomes, evidence);
  };
}

/** The model's rewrite of one sentence from its cited passages, or null (no passage, or the call failed). */
async function revise(
  model: ChatOpenAI,
  sentence: AnswerSentence,
  evidence: readonly Evidence[],
  ctx?: StepContext,
): Promise<string | null> {
  const cited = evidence.filter((e) => sentence.cites.includes(e.sid));
  if (cited.length === 0) return null; // a wrong S#: nothing to rewrite from
  return withFallback<string | null>(
    "verify",
    ctx,
    async () => {
      const a = await structuredCall(model, "revise", ReviseSchema, [
        { role: "system", content: REVISE_PROMPT },
        { role: "user", content: `${evidencePrompt(cited)}\n\n${delimitSentence(sentence.text)}` },
      ]);
      if (!a.ok) return a;
      return { ...a, value: a.value.sentence.trim() };
    },
    async () => null,
    "offline verdict",
  );
}

/**
 * A rewrite is a sentence about the same thing: a few words sharing a content term with the
 * original, and no instruction planted in a passage (a passage's own words would pass the
 * support check on their own).
 */
export function isRewriteOf(rewrite: string, original: string): boolean {
  const words = rewrite.split(/\s+/u).filter(Boolean).length;
  if (words < 3 || NOT_FOUND_RE.test(rewrite) || isInjectedInstruction(rewrite)) return false;
  const before = new Set(contentTerms(original));
  return contentTerms(rewrite).some((t) => before.has(t));
}

/**
 * The verified draft and its report from per-sentence outcomes, pure. The short answer stays while
 * the sentence holding it stands with its words (kept as written or re-cited); after a rewrite or
 * a drop, only if a kept sentence's passage states it.
 */
export function assembleVerified(
  draft: Draft,
  outcomes: readonly SentenceOutcome[],
  evidence: readonly Evidence[],
): VerifiedDraft {
  const kept = outcomes.flatMap((o) => (o.kept ? [o.kept] : []));
  const not_found = draft.not_found || kept.length === 0;
  const span = draft.short_answer ?? null;
  const holder = holderOf(span, draft.sentences);
  const held = outcomes[holder]?.kept;
  const norm = (t: string) => t.toLowerCase().replace(/\s+/g, " ").trim();
  const stands = span !== null && held !== undefined && norm(held.text).includes(norm(span));
  const short = not_found ? null : stands ? span : groundedShortAnswer(span, kept, evidence);
  return {
    draft: { sentences: kept, not_found, short_answer: short },
    report: reportOf(outcomes.map((o) => o.check)),
  };
}
