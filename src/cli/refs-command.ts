import type { Command } from "commander";
import { withStore } from "./open-store.js";
import { formatTable, printJson } from "./output.js";

export function registerRefs(program: Command): void {
  program
    .command("refs")
    .description(
      "list cross-references: resolved REFERS_TO edges, or with --unresolved the ones that matched nothing",
    )
    .option("--store <file>", "store file (default ./.agr/graph.db, or AGR_STORE)")
    .option("--unresolved", "list unresolved references instead")
    .option("--limit <n>", "at most this many rows", "200")
    .option("--json", "print JSON")
    .action(async (opts: { store?: string; json?: boolean; unresolved?: boolean; limit: string }) => {
      const limit = Math.max(1, Number.parseInt(opts.limit, 10) || 200);
      const rows = await withStore(opts, async (store) => {
        const titles = new Map((await store.listDocuments()).map((d) => [d.id, d.title]));
        if (opts.unresolved) {
          const refs = await store.findNodes({ label: "UnresolvedRef", limit });
          return refs.map((r) => ({
            document: titles.get(r.doc_id) ?? r.doc_id,
            locator: r.locator,
            kind: r.target_kind,
            chunk_id: r.chunk_id,
          }));
        }
        const edges = await store.findEdges({ type: "REFERS_TO", limit });
        const nodes = new Map(
          (await store.getNodes([...new Set(edges.flatMap((e) => [e.src, e.dst]))])).map((n) => [n.id, n]),
        );
        const name = (id: string) => {
          const n = nodes.get(id);
          return n && "title" in n ? n.title : n && "caption" in n ? n.caption : id;
        };
        return edges.map((e) => ({
          document: titles.get(e.doc_id) ?? e.doc_id,
          from: name(e.src),
          locator: e.props.locator ?? "",
          reason: e.props.reason ?? "",
          to: name(e.dst),
        }));
      });
      if (opts.json) return printJson(rows);
      if (rows.length === 0) return void process.stdout.write("none\n");
      const headers = Object.keys(rows[0] ?? {});
      const cut = (v: unknown) => String(v).slice(0, 48);
      process.stdout.write(
        `${formatTable(
          headers,
          rows.map((r) => Object.values(r).map(cut)),
        )}\n`,
      );
    });
}
