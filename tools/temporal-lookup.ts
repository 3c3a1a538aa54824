import { tool } from "@langchain/core/tools";
import { z } from "zod";
import type { RelationNode } from "../src/domain/relation.js";
import {
  byTime,
  factOverlaps,
  factRange,
  rankByTime,
  type TimeOrder,
} from "../src/index/temporal/temporal-rank.js";
import { parseTimeConstraint, type TimeConstraint } from "../src/index/temporal/time-constraint.js";
import type { RetrievedChunk } from "../src/retrieval/retrieval-mode.js";
import { retrieve } from "../src/retrieval/retrieve.js";
import type { GraphStore } from "../src/store/graph-store.js";
import { asTriplets } from "./graph-walk.js";
import { FilterField, filterOption, scopeOf } from "./tool-filter.js";
import {
  BudgetField,
  QueryField,
  type ToolDeps,
  type ToolResult,
  type Triplet,
  toolResult,
} from "./tool-result.js";

export const TemporalLookupInputSchema = z.object({
  query: QueryField,
  k: z.number().int().min(1).max(100).default(10).describe("passages to return after filtering by time"),
  candidates: z.number().int().min(1).max(300).default(60).describe("hybrid candidates filtered by time"),
  reference_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/)
    .optional()
    .describe('the date "last year", "recent" are resolved against (ISO; default today)'),
  order: z
    .enum(["auto", "relevance", "asc", "desc"])
    .default("auto")
    .describe(
      "returned order: by time (asc oldest first, desc newest first), by score, or auto (time order when the question asks for the earliest/latest)",
    ),
  budget: BudgetField,
  filter: FilterField,
});
export type TemporalLookupInput = z.input<typeof TemporalLookupInputSchema>;

/** The retrieval deps plus the clock (tests and evals pin it). */
export interface TemporalDeps extends ToolDeps {
  now?: () => Date;
}

const MAX_FACTS = 30;

/**
 * Time-aware lookup: hybrid candidates filtered to the question's time window and lifted when
 * they carry a date it names, put in time order when it asks for one, plus the dated facts
 * (Relation nodes) of those passages whose validity overlaps the window, oldest first.
 */
export async function temporalLookup(deps: TemporalDeps, raw: TemporalLookupInput): Promise<ToolResult> {
  const input = TemporalLookupInputSchema.parse(raw);
  const now = input.reference_date
    ? new Date(`${input.reference_date.slice(0, 10)}T00:00:00Z`)
    : (deps.now?.() ?? new Date());
  const constraint = parseTimeConstraint(input.query, { now });
  const filter = scopeOf(deps, input);
  const pool = await retrieve(deps, input.query, {
    mode: "hybrid",
    k: input.candidates,
    ...filterOption(filter),
  });
  const nodes = new Map((await deps.store.getNodes(pool.map((p) => p.chunk_id))).map((n) => [n.id, n]));
  const ranking = rankByTime(
    pool.flatMap((p) => {
      const n = nodes.get(p.chunk_id);
      return n?.label === "Chunk"
        ? [{ id: n.id, score: p.score, published_at: n.published_at, dates: n.dates }]
        : [];
    }),
    constraint,
    input.k,
    now,
    orderOf(input.order, constraint),
  );
  const byId = new Map(pool.map((p) => [p.chunk_id, p]));
  const ranked = ranking.hits.flatMap((h): RetrievedChunk[] => {
    const p = byId.get(h.id);
    return p ? [{ chunk_id: p.chunk_id, section_id: p.section_id, doc_id: p.doc_id, score: h.score }] : [];
  });
  const triplets = await datedFacts(deps.store, ranked, constraint);
  return toolResult(deps.store, {
    tool: "temporal_lookup",
    query: input.query,
    mode: timeMode(orderOf(input.order, constraint)),
    ranked,
    budget: input.budget,
    filter,
    triplets,
    notes: [
      windowNote(constraint),
      ...(ranking.dropped > 0
        ? [`${ranking.dropped} candidate passages dated outside the window were dropped`]
        : []),
      `timeline (* = a date the question names): ${
        [...ranking.hits]
          .sort(byTime("asc"))
          .map((h) => `${h.date ?? "undated"}${h.named ? "*" : ""}`)
          .join(", ") || "empty"
      }`,
      ...(deps.embedder ? [] : ["no embedder: BM25 candidates only"]),
    ],
  });
}

export function createTemporalLookupTool(deps: TemporalDeps) {
  return tool((input) => temporalLookup(deps, input), {
    name: "temporal_lookup",
    description:
      "Time-aware search: resolves the question's dates (in 2021, before 2019, between X and Y, last year, latest) against a reference date, keeps passages and dated facts inside that window, ordered by time; returns a cited context bundle (S1..Sn) and the dated facts.",
    schema: TemporalLookupInputSchema,
  });
}

/**
 * "auto" puts results in time order only for an explicit "earliest"; "latest"/"recent" already
 * lift newer passages in the score, and a hard date sort would bury the relevant ones.
 */
function orderOf(order: TemporalLookupInput["order"], c: TimeConstraint): TimeOrder | undefined {
  if (order === "asc" || order === "desc") return order;
  return order === "relevance" || c.order !== "asc" ? undefined : "asc";
}

function timeMode(order: TimeOrder | undefined): string {
  return order
    ? `hybrid + time filter, ${order === "asc" ? "oldest" : "newest"} first`
    : "hybrid + time filter";
}

/** The resolved window, in one line of the trace. */
function windowNote(c: TimeConstraint): string {
  const { from, to } = c.range;
  const window = from || to ? `${from ?? "…"} … ${to ?? "…"}` : "open";
  const read = c.phrases.length > 0 ? `; read: ${c.phrases.join("; ")}` : "";
  const named = c.dates.length > 0 ? `; dates named: ${c.dates.join(", ")}` : "";
  return `time window ${window} (reference ${c.reference})${read}${named}`;
}

/** Dated Relation facts asserted in the returned passages' sections, in the window, by start date. */
async function datedFacts(
  store: GraphStore,
  ranked: readonly RetrievedChunk[],
  c: TimeConstraint,
): Promise<Triplet[]> {
  const chunks = new Set(ranked.map((r) => r.chunk_id));
  const ids = new Set<string>();
  for (const section of new Set(ranked.map((r) => r.section_id)))
    for (const e of await store.findEdges({ src: section, type: "ASSERTS", limit: 500 })) ids.add(e.dst);
  const facts = (await store.getNodes([...ids]))
    .filter((n): n is RelationNode => n.label === "Relation")
    .filter((r) => chunks.has(r.chunk_id) && factOverlaps(r, c.range))
    .sort(
      (a, b) =>
        (factRange(a)?.from ?? factRange(a)?.to ?? "").localeCompare(
          factRange(b)?.from ?? factRange(b)?.to ?? "",
        ) || a.id.localeCompare(b.id),
    )
    .slice(0, MAX_FACTS);
  return asTriplets(store, facts, () => 0);
}
