import type { ContextBundle } from "../../src/retrieval/context-bundle.js";
import { answerFromBundle } from "../answer/answer-from-bundle.js";
import { DEFAULT_READER } from "../answer/compose-answer.js";
import { DEFAULT_EXTRACTIVE } from "../answer/extractive-generator.js";
import { routeQuestion } from "../router/rule-router.js";
import { contentTerms } from "../text.js";

// One hop's answer only: the reader's own bridge-following (answer/compose-bridge.ts) would read
// past it to the question's final answer, which the planned hops fetch themselves.
const ONE_HOP = { ...DEFAULT_EXTRACTIVE, reader: { ...DEFAULT_READER, minHopScore: Number.POSITIVE_INFINITY } };

/** Longer than this, a read span is a sentence, not the name of the next hop's subject. */
const MAX_BRIDGE_CHARS = 80;

/**
 * The bridge a hop yields: the offline reader's short answer to the hop's sub-question over the
 * hop's evidence, or null when it finds none, or the span is a sentence or only repeats the
 * sub-question's own words (it would send the next hop back where it came from). Pure.
 */
export function readBridge(subQuestion: string, bundle: ContextBundle): string | null {
  const { final } = answerFromBundle(subQuestion, bundle, routeQuestion(subQuestion), ONE_HOP);
  const span = final.short_answer?.trim();
  if (!span || final.not_found || span.length > MAX_BRIDGE_CHARS) return null;
  const asked = new Set(contentTerms(subQuestion));
  const own = contentTerms(span);
  if (own.length === 0 || own.every((t) => asked.has(t))) return null;
  return span;
}
