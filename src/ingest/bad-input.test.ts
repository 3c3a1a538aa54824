import { chmodSync, copyFileSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { GraphStore } from "../store/graph-store.js";
import { ingestPaths } from "./pipeline.js";
import { openTempStore, TEST_CONFIG, tempDir } from "./test-helpers.js";

const FIXTURES = join(import.meta.dirname, "../../test/fixtures");

/** Each bad file gets one clear line naming it and the reason; the good file still lands. */
describe("bad input", () => {
  let store: GraphStore;
  let dir: string;
  beforeEach(() => {
    store = openTempStore();
    dir = tempDir("agr-bad-");
    writeFileSync(join(dir, "good.md"), "# Good\n\nThis one is fine.\n");
  });
  afterEach(async () => store.close());

  async function expectFailure(file: string, reason: RegExp): Promise<void> {
    const report = await ingestPaths(store, [join(dir, "good.md"), file], { config: TEST_CONFIG });
    expect(report.ingested).toBe(1);
    expect(report.failed).toHaveLength(1);
    expect(report.failed[0]?.path).toBe(file);
    expect(report.failed[0]?.error).toMatch(reason);
    expect(report.failed[0]?.error).not.toMatch(/\n|\s{2}at /);
    // Nothing of the bad file is in the store: one document, the good one.
    const docs = await store.listDocuments();
    expect(docs.map((d) => d.title)).toEqual(["Good"]);
    const counts = await store.counts();
    expect(new Set(counts.nodes.map((c) => c.doc_id))).toEqual(new Set([docs[0]?.id]));
  }

  const copy = (name: string, as = name) => {
    const target = join(dir, basename(as));
    copyFileSync(join(FIXTURES, name), target);
    return target;
  };

  it("an empty file", async () => {
    writeFileSync(join(dir, "empty.md"), "");
    await expectFailure(join(dir, "empty.md"), /empty file/);
  });

  it("a whitespace-only file", async () => {
    writeFileSync(join(dir, "blank.txt"), "  \n\n\t\n");
    await expectFailure(join(dir, "blank.txt"), /empty/);
  });

  it("a binary file with a text extension", async () => {
    await expectFailure(copy("docs/binary.md"), /binary/);
  });

  it("a corrupt PDF", async () => {
    await expectFailure(copy("pdf/corrupt-truncated.pdf"), /PDF/i);
  });

  it("a file that is not a PDF at all", async () => {
    await expectFailure(copy("pdf/not-a-pdf.pdf"), /not a valid PDF|PDF/i);
  });

  it("an encrypted PDF", async () => {
    await expectFailure(copy("pdf/encrypted-password.pdf"), /encrypted/i);
  });

  it("a corrupt DOCX", async () => {
    await expectFailure(copy("docs/corrupt-truncated.docx"), /docx|zip|corrupt/i);
  });

  it("a 200 MB file is refused before it is read", async () => {
    const big = join(dir, "huge.pdf");
    writeFileSync(big, "%PDF-1.7\n");
    truncateSync(big, 200 * 1024 * 1024); // sparse: no 200 MB actually written
    await expectFailure(big, /too large \(200\.0 MB > limit 64 MB/);
  });

  it("an unsupported extension", async () => {
    writeFileSync(join(dir, "image.png"), "not really");
    await expectFailure(join(dir, "image.png"), /unsupported file type \.png/);
  });

  it("an unreadable path", async () => {
    const loop = join(dir, "loop.md");
    symlinkSync(loop, loop); // ELOOP: unreadable for everyone, root included
    await expectFailure(loop, /symbolic links|ELOOP|unreadable/);
    if (process.getuid?.() !== 0) {
      const locked = join(dir, "locked.md");
      writeFileSync(locked, "# Locked\n\ntext");
      chmodSync(locked, 0o000);
      const r = await ingestPaths(store, [locked], { config: TEST_CONFIG });
      expect(r.failed[0]?.error).toMatch(/permission denied/);
    }
  });

  it("a path that does not exist", async () => {
    await expectFailure(join(dir, "missing.md"), /no such file or directory/);
  });

  it("exit status: non-zero only when nothing could be ingested", async () => {
    const onlyBad = await ingestPaths(store, [join(dir, "missing.md")], { config: TEST_CONFIG });
    expect(onlyBad.ingested + onlyBad.skipped).toBe(0);
  });
});
