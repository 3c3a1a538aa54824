import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INGEST_STAGES } from "./stage-timer.js";
import { tempDir, writeTree } from "./test-helpers.js";

const BIN = join(import.meta.dirname, "../../bin/agr.mjs");

// A real process with the default (neural) embedder: allow for a busy machine.
describe("agr ingest --json stages", { timeout: 120_000 }, () => {
  it("adds seconds per stage to the contract object, embedding included", () => {
    const root = writeTree({
      "a.md": "# Alpha\n\nSee [beta](b.md) for the setup steps.\n\n## Details\n\nMore text here.\n",
      "b.md": "# Beta\n\nThe setup steps are listed here.\n",
    });
    const r = spawnSync(
      process.execPath,
      [BIN, "ingest", root, "--store", join(tempDir(), "g.db"), "--json"],
      {
        encoding: "utf8",
        env: { ...process.env, AGR_STORE: "", AGR_LLM: "none" },
      },
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    // The old fields are still there; stages is an addition.
    expect(out).toMatchObject({ ingested: 2, skipped: 0, chunks_failed: 0 });
    expect(Object.keys(out.stages).sort()).toEqual([...INGEST_STAGES, "total"].sort());
    for (const stage of INGEST_STAGES) expect(out.stages[stage]).toBeGreaterThanOrEqual(0);
    // The model ran and the whole-graph steps ran: both took measurable time.
    expect(out.stages.embedding).toBeGreaterThan(0);
    expect(out.stages.finalize).toBeGreaterThan(0);
    expect(out.stages.knn).toBeGreaterThan(0);
    expect(out.stages.total).toBeGreaterThanOrEqual(out.stages.embedding + out.stages.finalize);
  });
});
