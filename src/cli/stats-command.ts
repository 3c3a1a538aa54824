import type { Command } from "commander";
import { collectStats } from "../ingest/stats-report.js";
import { withStore } from "./open-store.js";
import { formatTable, printJson } from "./output.js";

export function registerStats(program: Command): void {
  program
    .command("stats")
    .description("per-document counts and a health report of the store")
    .option("--store <file>", "store file (default ./.agr/graph.db, or AGR_STORE)")
    .option("--json", "print one JSON object")
    .action(async (opts: { store?: string; json?: boolean }) => {
      const report = await withStore(opts, (store) => collectStats(store));
      if (opts.json) return printJson(report);
      const headers = [
        "document",
        "kind",
        "pages",
        "sections",
        "synth",
        "chunks",
        "tables",
        "figures",
        "refs",
        "unres",
      ];
      const rows = report.documents.map((d) => [
        shortUri(d.uri),
        d.kind,
        d.pages,
        d.sections,
        d.synthetic_sections,
        d.chunks,
        d.tables,
        d.figures,
        d.refs_resolved,
        d.refs_unresolved,
      ]);
      const t = report.totals;
      rows.push([
        "TOTAL",
        "",
        t.pages,
        t.sections,
        t.synthetic_sections,
        t.chunks,
        t.tables,
        t.figures,
        t.refs_resolved,
        t.refs_unresolved,
      ]);
      const s = t.chunks_by_status;
      const e = report.embedding;
      const lines = [
        formatTable(headers, rows),
        "",
        `embeddings: ${e ? `${e.model} (${e.dim}d)${e.fallback ? " — FALLBACK, not neural" : ""}` : "none"}`,
        "",
        `chunks: ${s.PROCESSED} PROCESSED, ${s.PENDING} PENDING, ${s.FAILED} FAILED; LINKS_TO ${t.links_to}; REFERS_TO ${t.refers_to}`,
        ...report.warnings.map((w) => `warning: ${w}`),
      ];
      process.stdout.write(`${lines.join("\n")}\n`);
    });
}

function shortUri(uri: string): string {
  const path = decodeURIComponent(uri.replace(/^file:\/\//, ""));
  const rel = path.startsWith(process.cwd()) ? path.slice(process.cwd().length + 1) : path;
  return rel.length > 60 ? `…${rel.slice(-59)}` : rel;
}
