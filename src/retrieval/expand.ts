import { z } from "zod";
import type { HoodSection, Neighbourhood } from "./neighbourhood.js";
import { contentTerms, type QueryProfile } from "./query-profile.js";

/** Why a chunk joined: its section's parent, a sibling, a table/code/child below, a cross edge, or a neighbour in the same section. */
export const ExpansionReasonSchema = z.enum(["up", "side", "down", "cross", "same"]);
export type ExpansionReason = z.infer<typeof ExpansionReasonSchema>;

export interface ExpandOptions {
  /** At most 2 in the design. */
  maxHops: number;
  /** Neighbours followed per node, best first (3–5 in the design). */
  fanout: number;
  /** Proximity kept per extra hop. */
  decay: number;
  /** The dense fallback: only neighbouring chunks of the same section, one hop. */
  sameSectionOnly: boolean;
  /**
   * More siblings than this is a flat collection (a JSONL file of unrelated records), not an
   * outline: no side steps there. On the multi-hop dev sets side steps among 3–6k records
   * changed Recall@2 by −0.01 (MuSiQue) and nothing elsewhere.
   */
  maxSiblings: number;
}

export const DEFAULT_EXPAND: ExpandOptions = {
  maxHops: 2,
  fanout: 4,
  decay: 0.6,
  sameSectionOnly: false,
  maxSiblings: 64,
};

/** How strongly each kind of step keeps the source's proximity. */
export const STEP_WEIGHT = {
  up: 0.7,
  sideBase: 0.3,
  sideOverlap: 0.6,
  down: 0.75,
  child: 0.6,
  refersTo: 0.85,
  linkBase: 0.5,
  linkOverlap: 0.5,
  explainedBy: 0.9,
  same: 0.8,
};

export interface ExpansionSource {
  chunk_id: string;
  /** 0–1: how good the candidate is (its rank signal); proximity decays from it. */
  strength: number;
}

export interface Expanded {
  chunk_id: string;
  section_id: string;
  /** 0–1 graph proximity to the best source that reached it. */
  prox: number;
  reason: ExpansionReason;
  hops: number;
  /** The source chunk it was reached from ("" for a code symbol the question names). */
  via: string;
}

interface Step {
  chunk: string;
  reason: ExpansionReason;
  weight: number;
}

const DOWN_TYPES = new Set(["table", "code", "caption"]);

/**
 * Structure expansion, pure: from candidate chunks, up to the parent section, sideways to
 * siblings whose headings share the question's terms, down to tables/code/child sections when the
 * question asks for details, and across LINKS_TO (anchor text matching the question), REFERS_TO
 * and EXPLAINED_BY edges. At most `maxHops` hops and `fanout` neighbours per node; each chunk
 * keeps its best proximity. Deterministic: ties break by id.
 */
export function expand(
  sources: readonly ExpansionSource[],
  hood: Neighbourhood,
  profile: QueryProfile,
  options: ExpandOptions = DEFAULT_EXPAND,
): Expanded[] {
  const terms = new Set(profile.terms);
  const best = new Map<string, Expanded>();
  const maxHops = options.sameSectionOnly ? 1 : Math.min(2, options.maxHops);
  const reach = (chunk: string, prox: number, reason: ExpansionReason, hops: number, via: string) => {
    const c = hood.chunks.get(chunk);
    if (!c || chunk === via) return false;
    const had = best.get(chunk);
    if (had && had.prox >= prox) return false;
    best.set(chunk, { chunk_id: chunk, section_id: c.section_id, prox, reason, hops, via });
    return true;
  };

  let frontier = sources.map((s) => ({ chunk: s.chunk_id, prox: s.strength, via: s.chunk_id }));
  const expanded = new Set<string>();
  if (!options.sameSectionOnly) {
    const top = Math.max(0, ...sources.map((s) => s.strength));
    for (const l of hood.links) {
      if (l.from !== "") continue;
      const target = l.chunk ?? lead(hood.sections.get(l.section));
      if (target) reach(target, top * STEP_WEIGHT.explainedBy, "cross", 1, "");
    }
  }
  for (let hop = 1; hop <= maxHops; hop++) {
    const next: typeof frontier = [];
    for (const node of frontier) {
      if (expanded.has(node.chunk)) continue;
      expanded.add(node.chunk);
      const steps = options.sameSectionOnly
        ? sameSection(node.chunk, hood)
        : stepsFrom(node.chunk, hood, profile, terms, options.maxSiblings);
      steps.sort((a, b) => b.weight - a.weight || readingOrder(hood, a.chunk, b.chunk));
      for (const s of steps.slice(0, options.fanout)) {
        const prox = node.prox * s.weight * options.decay ** (hop - 1);
        if (reach(s.chunk, prox, s.reason, hop, node.via)) next.push({ chunk: s.chunk, prox, via: node.via });
      }
    }
    frontier = next;
  }
  // A source reached from another source stays: structure then supports it.
  return [...best.values()].sort((a, b) => b.prox - a.prox || readingOrder(hood, a.chunk_id, b.chunk_id));
}

/**
 * Ties go to reading order, not to the id: ids hash the document's path, so an id order would
 * make the same documents rank differently when stored under another folder.
 */
function readingOrder(hood: Neighbourhood, a: string, b: string): number {
  const x = hood.chunks.get(a);
  const y = hood.chunks.get(b);
  if (x && y && x.doc_id === y.doc_id) return x.seq - y.seq;
  return a.localeCompare(b);
}

const lead = (s: HoodSection | undefined) => s?.chunks[0];

function sameSection(chunkId: string, hood: Neighbourhood): Step[] {
  const c = hood.chunks.get(chunkId);
  const list = c ? (hood.sections.get(c.section_id)?.chunks ?? []) : [];
  const at = list.indexOf(chunkId);
  return [list[at - 1], list[at + 1]].flatMap((id) =>
    at >= 0 && id ? [{ chunk: id, reason: "same" as const, weight: STEP_WEIGHT.same }] : [],
  );
}

function stepsFrom(
  chunkId: string,
  hood: Neighbourhood,
  profile: QueryProfile,
  terms: ReadonlySet<string>,
  maxSiblings: number,
): Step[] {
  const c = hood.chunks.get(chunkId);
  const section = c ? hood.sections.get(c.section_id) : undefined;
  if (!c || !section) return [];
  const steps: Step[] = [];
  const add = (chunk: string | undefined, reason: ExpansionReason, weight: number) => {
    if (chunk && chunk !== chunkId && weight > 0) steps.push({ chunk, reason, weight });
  };
  const parent = section.parent ? hood.sections.get(section.parent) : undefined;
  add(lead(parent), "up", STEP_WEIGHT.up);

  const all = parent ? parent.children : (hood.topLevel.get(section.doc_id) ?? []);
  const siblings = all.length <= maxSiblings + 1 ? all : [];
  for (const id of siblings) {
    const sib = id === section.id ? undefined : hood.sections.get(id);
    const overlap = sib ? share(sib.title_terms, terms) : 0;
    if (overlap > 0) add(lead(sib), "side", STEP_WEIGHT.sideBase + STEP_WEIGHT.sideOverlap * overlap);
  }

  if (profile.details || profile.labels.length > 0) {
    for (const id of section.chunks) {
      const t = hood.chunks.get(id)?.content_type ?? "";
      if (DOWN_TYPES.has(t)) add(id, "down", STEP_WEIGHT.down);
    }
    for (const id of section.children) {
      const child = hood.sections.get(id);
      const detail = child?.chunks.find((x) => DOWN_TYPES.has(hood.chunks.get(x)?.content_type ?? ""));
      add(
        detail ?? lead(child),
        "down",
        STEP_WEIGHT.child * (1 + 0.5 * share(child?.title_terms ?? [], terms)),
      );
    }
  }

  for (const l of hood.links) {
    if (l.from !== section.id) continue;
    const target = l.chunk ?? lead(hood.sections.get(l.section));
    if (l.type === "REFERS_TO") add(target, "cross", STEP_WEIGHT.refersTo);
    else if (l.type === "LINKS_TO") {
      const overlap = share(contentTerms(l.anchor_text ?? ""), terms);
      if (overlap > 0) add(target, "cross", STEP_WEIGHT.linkBase + STEP_WEIGHT.linkOverlap * overlap);
    }
  }
  return steps;
}

/** Share of a heading's (or anchor's) terms the question uses. */
function share(own: readonly string[], terms: ReadonlySet<string>): number {
  if (own.length === 0) return 0;
  let n = 0;
  for (const t of own) if (terms.has(t)) n++;
  return n / own.length;
}
