import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retrieve } from "../retrieval/retrieve.js";
import type { GraphStore } from "../store/graph-store.js";
import { ingestPaths } from "./pipeline.js";
import { collectStats } from "./stats-report.js";
import { openTempStore, TEST_CONFIG } from "./test-helpers.js";

const DIR = join(import.meta.dirname, "../../test/fixtures/ru");
const questions = readFileSync(join(DIR, "questions.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map(
    (l) =>
      JSON.parse(l) as { id: string; question: string; expected_section: string; cross_lingual?: boolean },
  )
  // An English question about a Russian text needs a multilingual embedding model, not BM25.
  .filter((q) => !q.cross_lingual);

describe("a Russian document, end to end", () => {
  let store: GraphStore;
  beforeAll(async () => {
    store = openTempStore();
    await ingestPaths(store, [join(DIR, "backup-guide.md")], { config: TEST_CONFIG });
  });
  afterAll(async () => store.close());

  it("keeps its structure and resolves its Russian cross-references", async () => {
    const doc = (await collectStats(store)).documents[0];
    expect(doc).toMatchObject({ sections: 7, tables: 2, refs_resolved: 4, refs_unresolved: 0 });
    const refs = await store.findEdges({ type: "REFERS_TO" });
    const titles = new Map(
      (await store.getNodes(refs.map((r) => r.dst))).map((n) => [
        n.id,
        "title" in n ? n.title : "caption" in n ? n.caption : "",
      ]),
    );
    const targets = refs.map((r) => `${r.props.locator} → ${titles.get(r.dst)}`).sort();
    expect(targets).toEqual(
      expect.arrayContaining([
        "Приложении А → Приложение А. Коды ошибок",
        "разделе 2 → 2. Установка",
        "раздел 3 → 3. Резервное копирование",
        "таблице 1 → Таблица 1. Расписание копирования",
      ]),
    );
  });

  it.each(["bm25", "ppr"] as const)(
    "finds the right section for Russian and English questions (%s)",
    async (mode) => {
      const sections = new Map((await store.findNodes({ label: "Section" })).map((s) => [s.id, s.title]));
      for (const q of questions) {
        const hits = await retrieve({ store }, q.question, { mode, k: 3 });
        expect(
          hits.map((h) => sections.get(h.section_id)),
          q.id,
        ).toContain(q.expected_section);
      }
    },
  );
});
