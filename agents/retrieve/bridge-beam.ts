import { buildBundle } from "../../src/retrieval/build-bundle.js";
import { type ContextBundle, type Evidence, passagesOf } from "../../src/retrieval/context-bundle.js";
import type { RankedHit, ToolResult } from "../../tools/tool-result.js";
import { says } from "../answer/phrase-match.js";
import { rankedNames, readerCues } from "../answer/reader-evidence.js";
import { contentTerms } from "../text.js";
import { inserted } from "./bridge-hop.js";

/**
 * A multi-hop question the rules could not plan still has a chain: the passage about the thing it
 * names says the bridge, and the next passage says that bridge with the words of the question the
 * first passage does not say. Not knowing which name is the bridge, the beam tries the first
 * passage's best `BEAM` names (ranked as the reader ranks a bridge), each searched with those
 * words, and puts each search's best passage that says the name after the first `KEEP` passages.
 * Nothing in it depends on how the question is worded. Measured with the rule planner switched
 * off on the dev splits (questions the rules cannot plan), agent Recall@5: MuSiQue .703 → .712,
 * HotpotQA .835 → .865, 2Wiki .907 → .938; with the planner on, and on docqa, the same answers.
 */
export interface BridgeBeam {
  /** The passage whose names were followed (its section id). */
  from: string;
  /** The question's content words that passage does not say. */
  residual: string;
  /** Each name, its search, and the passage it found (chunk id; null: none that says the name). */
  bridges: Array<{ name: string; query: string; added: string | null }>;
}

/** Names followed (a third lowered MuSiQue dev, replayed on ppr's ranking: .759 → .746). */
const BEAM = 2;
/** Passages kept ahead of the beam's: the reader's best evidence stays first (Recall@5 the same). */
const KEEP = 3;

/** The first passage's names to follow and the words to search them with, or null (nothing to follow). */
export function beamQueries(
  question: string,
  evidence: readonly Evidence[],
): { from: string; residual: string; names: string[] } | null {
  const passages = passagesOf(evidence);
  const from = passages[0]?.section_id;
  if (!from) return null;
  const first = passages.filter((e) => e.section_id === from);
  // A chain starts at the thing the question names: its passage's subject (the heading, less a
  // qualifier: "Elm Vale (film)", "Ostra, Kelm") is said in the question. A report's section the
  // question only matches by words is no bridge's start (without this, docqa dev .787 → .762).
  const subject = (first[0]?.heading_path.at(-1) ?? "").replace(/\s*[(,].*$/, "").toLowerCase();
  if (subject.length < 3 || !says(question.toLowerCase(), subject)) return null;
  const cues = readerCues(question, passages);
  const names: string[] = [];
  for (const { span } of rankedNames(cues, first)) {
    if (names.some((n) => n.toLowerCase() === span.toLowerCase())) continue;
    names.push(span);
    if (names.length === BEAM) break;
  }
  if (names.length === 0) return null;
  const said = first.map((e) => `${e.heading_path.join(" ")} ${e.text}`.toLowerCase()).join(" ");
  const residual = contentTerms(question)
    .filter((t) => !said.includes(t))
    .join(" ");
  return { from, residual, names };
}

/**
 * Runs the beam's searches and reorders the ranking: the first `KEEP` passages as they were, each
 * name's best passage that says it (unless already among them), then the rest. Null when no
 * search brings one.
 */
export async function followBeam(
  store: Parameters<typeof buildBundle>[0],
  search: (query: string) => Promise<ToolResult>,
  question: string,
  bundle: ContextBundle,
  ranked: readonly RankedHit[],
): Promise<{ bundle: ContextBundle; beam: BridgeBeam; results: ToolResult[] } | null> {
  const q = beamQueries(question, bundle.evidence);
  if (!q) return null;
  // The first passages stay as they are; a pick among them is not moved down.
  const head = [...new Set(ranked.map((h) => h.section_id))].slice(0, KEEP);
  const results: ToolResult[] = [];
  const picked: RankedHit[] = [];
  const bridges: BridgeBeam["bridges"] = [];
  for (const name of q.names) {
    const query = `${q.residual} ${name}`.trim();
    const result = await search(query);
    results.push(result);
    // A passage that says the name it followed: the search's other words alone may find another.
    const said = passagesOf(result.bundle.evidence).find(
      (e) =>
        e.section_id !== q.from &&
        !picked.some((p) => p.section_id === e.section_id) &&
        says(`${e.heading_path.join(" ")} ${e.text}`.toLowerCase(), name.toLowerCase()),
    );
    const hit = said && result.ranked.find((h) => h.chunk_id === said.chunk_id);
    if (hit && !head.includes(hit.section_id)) picked.push(hit);
    bridges.push({ name, query, added: hit?.chunk_id ?? null });
  }
  if (picked.length === 0) return null;
  const order = inserted(ranked, picked, (rest) => {
    const cut = rest.findIndex((h) => !head.includes(h.section_id));
    return cut < 0 ? rest.length : cut;
  });
  const merged = await buildBundle(store, question, `${bundle.mode}+beam`, order);
  return { bundle: merged, beam: { from: q.from, residual: q.residual, bridges }, results };
}
