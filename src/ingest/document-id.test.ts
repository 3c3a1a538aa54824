import { writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { GraphStore } from "../store/graph-store.js";
import { discoverFiles } from "./discover-files.js";
import { ingestPaths } from "./pipeline.js";
import { openTempStore, snapshot, TEST_CONFIG, writeTree } from "./test-helpers.js";

const FILES = {
  "guide.md": "# Setup\n\nInstall the tool.\n\n## Requirements\n\nNode 20 or later.\n",
  "api/reference.md": "# Reference\n\nAll options.\n",
};

describe("document ids", () => {
  const stores: GraphStore[] = [];
  const open = () => {
    const store = openTempStore();
    stores.push(store);
    return store;
  };
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
  });

  it("keys each file by its path inside the folder, a file named alone by its name, a glob by its fixed folders", async () => {
    const root = writeTree(FILES);
    const folder = await discoverFiles([root]);
    expect([...folder.keys.values()].sort()).toEqual(["api/reference.md", "guide.md"]);
    const alone = await discoverFiles([`${root}/api/reference.md`]);
    expect([...alone.keys.values()]).toEqual(["reference.md"]);
    const globbed = await discoverFiles([`${root}/**/*.md`]);
    expect([...globbed.keys.values()].sort()).toEqual(["api/reference.md", "guide.md"]);
  });

  it("gives the same documents the same ids wherever their folder is stored", async () => {
    const [a, b] = [open(), open()];
    await ingestPaths(a, [writeTree(FILES)], { config: TEST_CONFIG });
    await ingestPaths(b, [writeTree(FILES)], { config: TEST_CONFIG });
    const [sa, sb] = [await snapshot(a), await snapshot(b)];
    expect(sa.nodes.length).toBeGreaterThan(4);
    expect(sb).toEqual(sa);
    // The uris still say where each file is: only the ids are the same.
    const uris = async (s: GraphStore) => (await s.listDocuments()).map((d) => d.uri).sort();
    expect(await uris(a)).not.toEqual(await uris(b));
  });

  it("keeps two files with the same key from different folders apart in one store", async () => {
    const store = open();
    const report = await ingestPaths(store, [writeTree(FILES), writeTree(FILES)], { config: TEST_CONFIG });
    expect(report.ingested).toBe(4);
    const docs = await store.listDocuments();
    expect(new Set(docs.map((d) => d.id)).size).toBe(4);
  });

  it("keeps a document's id when it changes and is ingested again", async () => {
    const store = open();
    const root = writeTree(FILES);
    await ingestPaths(store, [root], { config: TEST_CONFIG });
    const before = (await store.listDocuments()).map((d) => d.id).sort();
    // Edited, then reached through its own folder: its key would now be "reference.md".
    writeFileSync(`${root}/api/reference.md`, `${FILES["api/reference.md"]}\nA new line.\n`);
    const report = await ingestPaths(store, [`${root}/api`], { config: TEST_CONFIG });
    expect(report.ingested).toBe(1);
    expect((await store.listDocuments()).map((d) => d.id).sort()).toEqual(before);
  });
});
