import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ingestPaths } from "../ingest/pipeline.js";
import { openTempStore, TEST_CONFIG, writeTree } from "../ingest/test-helpers.js";
import type { GraphStore } from "../store/graph-store.js";
import { buildCommunities } from "./communities/build-communities.js";

const PEOPLE = ["Alda Verin", "Bors Kettle", "Cyra Mond", "Dain Orrick", "Elsa Pruitt", "Fenn Quayle"];
const PLACES = ["Harrowgate", "Lindmere", "Stonebridge"];

/** Records that name each other: two clusters of people around their towns. */
function corpus(): string {
  const lines = PEOPLE.map((name, i) => {
    const friend = PEOPLE[(i + 2) % PEOPLE.length];
    const town = PLACES[i % 2 === 0 ? 0 : 1];
    const text = `${name} was born in ${town}. ${name} worked with ${friend} in ${town} and later moved to ${PLACES[2]}.`;
    return JSON.stringify({ id: `rec:${i}`, title: name, text });
  });
  return `${lines.join("\n")}\n`;
}

async function communityState(store: GraphStore) {
  const key = (e: { src: string; type: string; dst: string; props: unknown }) =>
    `${e.src}|${e.type}|${e.dst}|${JSON.stringify(e.props)}`;
  return {
    communities: (await store.findNodes({ label: "Community" })).map((c) => JSON.stringify(c)).sort(),
    edges: [
      ...(await store.findEdges({ type: "IN_COMMUNITY" })),
      ...(await store.findEdges({ type: "RELATED_SECTION" })),
    ]
      .map(key)
      .sort(),
  };
}

describe("finalizeGraph", () => {
  it("builds the communities reading the store again would (it hands over what it read)", async () => {
    const dir = writeTree({ "people.jsonl": corpus() });
    const store = openTempStore();
    await ingestPaths(store, [join(dir, "people.jsonl")], { config: TEST_CONFIG });
    const built = await communityState(store);
    expect(built.communities.length).toBeGreaterThan(0);
    expect(built.edges.some((e) => e.includes("|RELATED_SECTION|"))).toBe(true);
    // From the store alone: the same communities, so nothing to rewrite.
    await buildCommunities(store);
    expect(await communityState(store)).toEqual(built);
    await store.close();
  });

  it("buildCommunities uses the sections it is handed", async () => {
    const dir = writeTree({ "people.jsonl": corpus() });
    const store = openTempStore();
    await ingestPaths(store, [join(dir, "people.jsonl")], { config: TEST_CONFIG });
    const entities = await store.findNodes({ label: "Entity" });
    const mentionedIn = await store.findEdges({ type: "MENTIONED_IN" });
    const report = await buildCommunities(store, { sections: [], entities, mentionedIn });
    expect(report.section_communities).toBe(0);
    expect(report.entity_communities).toBeGreaterThan(0);
    await store.close();
  });
});
