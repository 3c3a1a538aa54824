import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { resolve } from "node:path";
import type { Command } from "commander";
import { userError } from "../errors.js";

interface ExportOptions {
  format: string;
  store?: string;
  out?: string;
  workspace?: string;
  json?: boolean;
}

const FORMATS = ["graphml", "cypher", "jsonl"];

/**
 * `agr export --format graphml|cypher|jsonl [--store f] [--workspace w] [--out file]`: the graph
 * to stdout (or a file, written beside it and renamed when complete). A one-line summary goes to
 * stderr. The store and the writers load only when the command runs.
 */
export function registerExport(program: Command): void {
  program
    .command("export")
    .description(
      "write the whole graph (nodes and edges, no vectors) as GraphML, a Cypher script or JSON Lines",
    )
    .requiredOption("--format <format>", `one of ${FORMATS.join(", ")}`)
    .option("--store <file>", "store file (default ./.agr/graph.db, or AGR_STORE)")
    .option("--out <file>", "write to this file instead of stdout")
    .option("--json", "print the summary on stderr as one JSON object")
    .action(async (opts: ExportOptions) => {
      if (!FORMATS.includes(opts.format))
        throw userError("bad_option", `--format must be one of ${FORMATS.join(", ")}, not ${opts.format}`);
      const [{ storeConfig }, { openGraphStore }, { exportGraph, ExportFormatSchema }] = await Promise.all([
        import("./open-store.js"),
        import("../store/open-graph-store.js"),
        import("../service/export-graph.js"),
      ]);
      const { BufferedSink } = await import("../service/export-source.js");
      // storeConfig applies --workspace (added by main.ts) or AGR_WORKSPACE.
      const config = storeConfig(opts);
      const format = ExportFormatSchema.parse(opts.format);
      const started = performance.now();
      const out = opts.out ? resolve(opts.out) : undefined;
      const part = out ? `${out}.${process.pid}.part` : undefined;
      const stream = part ? createWriteStream(part) : process.stdout;
      // A full disk, or a reader that went away (`agr export ... | head`), ends the export with one line.
      let broken: Error | undefined;
      stream.on("error", (e: Error) => {
        broken ??= e;
      });
      const check = () => {
        if (broken) throw userError("export_write_failed", `cannot write the export: ${broken.message}`);
      };
      const store = await openGraphStore(config);
      try {
        const sink = new BufferedSink(stream);
        const result = await exportGraph(store, format, async (text) => {
          check();
          await sink.write(text);
        });
        await sink.flush();
        if (part && out) {
          await new Promise<void>((done) => stream.end(() => done()));
          check();
          await rename(part, out);
        }
        const seconds = Math.round((performance.now() - started) / 10) / 100;
        const summary = { ...result, out: out ?? "stdout", seconds };
        process.stderr.write(
          opts.json
            ? `${JSON.stringify(summary)}\n`
            : `exported ${result.nodes} nodes and ${result.edges} edges as ${format} to ${summary.out} in ${seconds}s\n`,
        );
      } catch (error) {
        if (part) await rm(part, { force: true });
        throw error;
      } finally {
        await store.close();
      }
    });
}
