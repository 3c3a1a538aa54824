import type { GraphPath, Triplet } from "../../tools/tool-result.js";
import { mentions, splitSentences } from "../text.js";
import { factSentence } from "./fact-sentence.js";

export interface PathContext {
  /** S# of the passage holding a chunk, when the bundle has it. */
  sidOf: (chunkId: string) => string | undefined;
  /** A chunk's text (a shared-passage hop is told by the sentence naming both ends). */
  textOf: (chunkId: string) => string | undefined;
  /** Stated facts a relation hop may be read from (its own sentence). */
  facts: readonly Triplet[];
}

/**
 * A path as its hops in words: "From A to C: <sentence linking A and B> (S1); <B's fact about
 * C> (S2)." A relation hop is its fact's sentence; a shared-passage hop is that passage's
 * sentence naming both ends; undefined when it has none (two names somewhere in one passage say
 * nothing a reader can quote). Paths without their steps (older results) keep the tool's arrow
 * text. Pure.
 */
export function pathSentence(path: GraphPath, ctx: PathContext): string | undefined {
  const steps = path.steps ?? [];
  if (steps.length === 0) return path.text;
  // Through common nouns only ("From X to Y" via "peer-reviewed journal"), a path joins two things
  // of one kind, not a chain of facts: read as one statement, it set Y beside the question's X.
  const between = path.entities.slice(1, -1);
  if (between.length > 0 && between.every((e) => !/\p{Lu}|\d/u.test(e))) return undefined;
  const hops: string[] = [];
  for (const [i, step] of steps.entries()) {
    const a = path.entities[i] ?? "";
    const b = path.entities[i + 1] ?? "";
    const text = step.predicate
      ? relationHop(a, b, step.predicate, step.forward ?? true, step.chunk_id, ctx)
      : sentenceNaming(ctx.textOf(step.chunk_id) ?? "", a, b)?.replace(/[.!?]+$/, "");
    if (!text) return undefined;
    const sid = ctx.sidOf(step.chunk_id);
    const hop = `${text}${sid ? ` (${sid})` : ""}`;
    if (!hops.includes(hop)) hops.push(hop);
  }
  return `From ${path.entities[0]} to ${path.entities.at(-1)}: ${hops.join("; ")}.`;
}

function relationHop(
  a: string,
  b: string,
  predicate: string,
  forward: boolean,
  chunkId: string,
  ctx: PathContext,
): string {
  const [subject, object] = forward ? [a, b] : [b, a];
  const fact = ctx.facts.find(
    (f) =>
      f.chunk_id === chunkId && f.predicate === predicate && f.subject === subject && f.object === object,
  ) ?? {
    subject,
    predicate,
    object,
    evidence: sentenceNaming(ctx.textOf(chunkId) ?? "", subject, object) ?? "",
  };
  return factSentence(fact).replace(/\.$/, "");
}

/** The first sentence of a text naming both entities (case-insensitive, whole words). */
export function sentenceNaming(text: string, a: string, b: string): string | undefined {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return splitSentences(text)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .find((s) => mentions(s.toLowerCase(), x) && mentions(s.toLowerCase(), y));
}
