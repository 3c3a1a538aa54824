import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EntityNode } from "../../domain/entity.js";
import { normalise } from "../../domain/vector-math.js";
import { openTempStore } from "../../ingest/test-helpers.js";
import type { GraphStore } from "../../store/graph-store.js";
import type { Embedder } from "../embeddings/embedder.js";
import { createFallbackEmbedder } from "../embeddings/fallback-embedder.js";
import { countingEmbedder } from "../embeddings/test-embedders.js";
import { isAcronymOf, looksLikeAcronym } from "./acronyms.js";
import { resolveEntities } from "./resolve-entities.js";
import { aliasPairs, synonymPairs } from "./synonym-pairs.js";

const v = (...xs: number[]) => normalise(new Float32Array(xs));

describe("synonymPairs", () => {
  it("pairs names whose vectors reach the threshold, once, with the cosine as weight", () => {
    const pairs = synonymPairs(
      [
        { id: "b", vector: v(1, 0, 0) },
        { id: "a", vector: v(0.99, 0.1, 0) },
        { id: "c", vector: v(0, 1, 0) },
        { id: "d", vector: v(0, 0.6, 0.8) },
      ],
      { threshold: 0.9, maxPerEntity: 3 },
    );
    expect(pairs).toEqual([{ a: "a", b: "b", weight: expect.closeTo(0.995, 3) }]);
  });
  it("keeps at most maxPerEntity neighbours per name, so no name becomes a hub", () => {
    const items = [0, 0.1, 0.3, 0.6].map((y, i) => ({ id: "xyzw"[i] ?? "", vector: v(1, y, 0) }));
    const pairs = (maxPerEntity: number) =>
      synonymPairs(items, { threshold: 0.5, maxPerEntity }).map((p) => `${p.a}${p.b}`);
    expect(pairs(1)).toEqual(["xy", "yz", "zw"].map((p) => [...p].sort().join("")).sort());
    expect(pairs(3)).toHaveLength(6);
    expect(synonymPairs(items.slice(0, 1), { threshold: 0, maxPerEntity: 3 })).toEqual([]);
  });
  it("turns stated aliases into undirected pairs of weight 1", () => {
    expect(
      aliasPairs([
        { src: "faa", dst: "federal" },
        { src: "federal", dst: "faa" },
      ]),
    ).toEqual([{ a: "faa", b: "federal", weight: 1 }]);
  });
});

describe("acronyms", () => {
  it("matches initials with or without the small words", () => {
    expect(isAcronymOf("FAA", "Federal Aviation Administration")).toBe(true);
    expect(isAcronymOf("USA", "United States of America")).toBe(true);
    expect(isAcronymOf("BoE", "Bank of England")).toBe(true);
    expect(isAcronymOf("ЦБ РФ", "Центральный банк Российской Федерации")).toBe(true);
    expect(isAcronymOf("FAA", "Federal Reserve Bank")).toBe(false);
    expect(isAcronymOf("Paris", "Port Authority")).toBe(false);
    expect(looksLikeAcronym("U.S.")).toBe(true);
    expect(looksLikeAcronym("London")).toBe(false);
  });
});

describe("resolveEntities", () => {
  let store: GraphStore;
  beforeEach(() => {
    store = openTempStore();
  });
  afterEach(() => store.close());

  const entity = (
    id: string,
    name: string,
    salience: EntityNode["salience"],
    type: EntityNode["type"] = "NAME",
  ) =>
    ({
      label: "Entity",
      id,
      doc_id: "",
      name,
      canonical: name.toLowerCase(),
      type,
      salience,
    }) satisfies EntityNode;
  /** Names sharing a key embed identically: "Hugh of Tours" and "Hugh, Count of Tours" are one person. */
  const keyed = (): Embedder => {
    const fallback = createFallbackEmbedder(16);
    const key = (t: string) => (t.includes("Hugh") ? "hugh" : t);
    return { ...fallback, id: "test:keyed", embedPassages: (ts) => fallback.embedPassages(ts.map(key)) };
  };
  const entities = [
    entity("e1", "Hugh of Tours", "CORE"),
    entity("e2", "Hugh, Count of Tours", "IMPORTANT"),
    entity("e3", "Hugh Capet", "SUPPORTING"),
    entity("e4", "Lothair II", "IMPORTANT"),
    entity("e5", "FAA", "IMPORTANT"),
    entity("e6", "Federal Aviation Administration", "SUPPORTING"),
  ];

  it("writes SYNONYM edges for similar CORE/IMPORTANT names and stated aliases; SUPPORTING ones are never embedded", async () => {
    await store.write({
      nodes: entities,
      edges: [
        {
          src: "e5",
          type: "RELATED_TO",
          dst: "e6",
          section_id: "s1",
          doc_id: "d1",
          props: { predicate: "alias of" },
        },
      ],
    });
    const embedder = countingEmbedder(keyed());
    const report = await resolveEntities(store, entities, { embedder });
    expect(report).toEqual({ aliases: 1, synonyms: 1, embedded: 4 });
    expect(embedder.passages.sort()).toEqual(["FAA", "Hugh of Tours", "Hugh, Count of Tours", "Lothair II"]);
    const edges = await store.findEdges({ type: "SYNONYM" });
    expect(edges.map((e) => [e.src, e.dst, e.props.weight]).sort()).toEqual([
      ["e1", "e2", 1],
      ["e5", "e6", 1],
    ]);
  });

  it("reruns without embedding again and without duplicating or keeping stale edges", async () => {
    await store.write({ nodes: entities });
    const embedder = countingEmbedder(keyed());
    await resolveEntities(store, entities, { embedder });
    const first = await store.findEdges({ type: "SYNONYM" });
    const again = countingEmbedder(keyed());
    expect((await resolveEntities(store, entities, { embedder: again })).embedded).toBe(0);
    expect(again.passages).toEqual([]);
    expect(await store.findEdges({ type: "SYNONYM" })).toEqual(first);
    // Hugh, Count of Tours falls to SUPPORTING: its SYNONYM edge goes.
    const demoted = entities.map((e) => (e.id === "e2" ? { ...e, salience: "SUPPORTING" as const } : e));
    await resolveEntities(store, demoted, { embedder: again });
    expect(await store.findEdges({ type: "SYNONYM" })).toEqual([]);
  });
});
