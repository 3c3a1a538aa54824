import { describe, expect, it } from "vitest";
import { entityId } from "../index/extract/entity-processor.js";
import { evidenceFor, extractionToGraph } from "./extraction-graph.js";
import { ExtractionSchema, MAX_ENTITIES } from "./extraction-schema.js";

const chunk = {
  id: "chunk:1",
  doc_id: "doc:1",
  section_id: "sec:1",
  text: "Ermengarde of Tours married Lothair I in 821. She founded the Abbey of Erstein.",
};

describe("extractionToGraph", () => {
  it("anchors entities and relations to the section and chunk with canonical ids", () => {
    const g = extractionToGraph(chunk, {
      entities: [
        { name: "Ermengarde of Tours", type: "NAME" },
        { name: "Lothair I", type: "NAME" },
        { name: "Charlemagne", type: "NAME" }, // not in the passage: dropped
      ],
      relations: [
        { subject: "Ermengarde of Tours", predicate: "Married ", object: "lothair i" },
        { subject: "Ermengarde of Tours", predicate: "founded", object: "the Abbey of Erstein" },
        { subject: "Charlemagne", predicate: "father of", object: "Lothair I" }, // dropped
        { subject: "Lothair I", predicate: "is", object: "Lothair I" }, // self: dropped
      ],
    });
    const ermengarde = entityId("ermengarde of tours");
    expect(g.entities.map((e) => e.canonical).sort()).toEqual([
      "abbey of erstein",
      "ermengarde of tours",
      "lothair i",
    ]);
    expect(g.entities.find((e) => e.canonical === "abbey of erstein")?.type).toBe("CONCEPT");
    expect(g.dropped).toBe(3);
    expect(g.relations).toHaveLength(2);
    const married = g.relations.find((r) => r.predicate === "married");
    expect(married).toMatchObject({
      subject: ermengarde,
      object: entityId("lothair i"),
      source: "llm",
      chunk_id: "chunk:1",
      section_id: "sec:1",
      evidence: "Ermengarde of Tours married Lothair I in 821.",
    });
    const types = (t: string) => g.edges.filter((e) => e.type === t);
    expect(types("ASSERTS").map((e) => [e.src, e.props.chunk_id])).toEqual([
      ["sec:1", "chunk:1"],
      ["sec:1", "chunk:1"],
    ]);
    expect(types("SUBJECT")).toHaveLength(2);
    expect(types("OBJECT")).toHaveLength(2);
    expect(types("RELATED_TO")[0]?.props.predicate).toBe("married");
    expect(types("MENTIONS").every((e) => e.src === "sec:1")).toBe(true);
    expect(types("MENTIONED_IN").every((e) => e.dst === "chunk:1")).toBe(true);
    expect(types("MENTIONED_IN")).toHaveLength(3);
    // Deterministic: the same answer gives the same ids.
    expect(extractionToGraph(chunk, { entities: [], relations: [] }).edges).toEqual([]);
  });
  it("the schema caps list sizes (maxItems reaches the JSON schema)", () => {
    const many = Array.from({ length: MAX_ENTITIES + 1 }, (_, i) => ({ name: `E${i}`, type: "NAME" }));
    expect(ExtractionSchema.safeParse({ entities: many, relations: [] }).success).toBe(false);
    const json = JSON.stringify(ExtractionSchema.toJSONSchema());
    expect(json).toContain(`"maxItems":${MAX_ENTITIES}`);
  });
  it("evidence is the sentence naming both endpoints", () => {
    const text = "Anna met Boris. Clara founded Dunmore near Anna's farm. Clara left.";
    expect(evidenceFor(text, ["Clara", "Anna"])).toBe("Clara founded Dunmore near Anna's farm.");
    expect(evidenceFor(text, ["Boris", "Zed"])).toBe("Anna met Boris.");
  });
});
