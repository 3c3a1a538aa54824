import type Database from "better-sqlite3";
import { z } from "zod";
import type { ScoredId } from "../graph-store.js";
import { queryTerms } from "../text-query.js";
import { Bm25HeadsSearch } from "./bm25-heads-search.js";
import {
  bm25Idf,
  bm25Scorer,
  bm25UpperBound,
  columnTokens,
  essentialCount,
  readVarints,
} from "./bm25-score.js";

/** Rows matching the rarest terms scored first, to set the bar the others must clear. */
export const FIRST_ROUND_ROWS = 2000;
/** Beyond this share of the store to score, SQLite's own ORDER BY bm25() is as quick. */
const MAX_SHARE = 0.25;
const PAGE = 500;
/** Rows SQLite's partial scores leave in doubt beyond which FTS5's own ranking is quicker. */
const MAX_RESCORE = 3000;
/**
 * Rows by partial sums over the heads rescored exactly: 5 per wanted row, at least 300. At 1M
 * chunks (30 2Wiki questions, top 10) the rank-1 row was the exact one's passage for 0.80 of them
 * (100 rows: 0.70, 1000: 0.83) for 14 ms P50 (100: 11, 1000: 26); at 100k 0.976 of the top 10.
 */
const HEAD_RESCORE = 300;
const HEAD_PAGE = 25;

const RowSchema = z.object({
  rid: z.number(),
  c0: z.string().nullable(),
  c1: z.string().nullable(),
  sz: z.instanceof(Buffer),
});
interface Hit {
  rid: number;
  s: number;
}

/** Inserts `score` into the descending list of the k best. */
function keepBest(best: number[], score: number, k: number): void {
  if (best.length >= k && score <= (best[k - 1] ?? 0)) return;
  let at = best.length;
  while (at > 0 && (best[at - 1] ?? 0) < score) at--;
  best.splice(at, 0, score);
  if (best.length > k) best.pop();
}

const IdSchema = z.object({ rid: z.number(), id: z.string() });

/**
 * BM25 top k over the FTS5 index without scoring every row that matches some word (MaxScore):
 * a term in most rows (idf ~ 0) cannot lift a row that matches none of the rare terms above the
 * k-th score, so only rows matching the rare ("essential") terms are read and scored, exactly as
 * FTS5's bm25() scores them (bm25-score.ts). Term document frequencies come from the fts5vocab
 * table and are kept until the data changes.
 */
export class Bm25TopK {
  private readonly df: Database.Statement;
  private readonly averages: Database.Statement;
  private readonly match: Database.Statement;
  private readonly rows: Database.Statement;
  private readonly partial: Database.Statement;
  private readonly ids: Database.Statement;
  private readonly heads: Bm25HeadsSearch | undefined;
  private dfCache = new Map<string, number>();
  private version = -1;

  constructor(
    private readonly db: Database.Database,
    private readonly firstRoundRows = FIRST_ROUND_ROWS,
    useHeads = true,
  ) {
    this.heads = useHeads ? new Bm25HeadsSearch(db) : undefined;
    db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.text_fts_rows USING fts5vocab(main, text_fts, row)");
    this.df = db.prepare("SELECT doc FROM temp.text_fts_rows WHERE term = ?").pluck();
    this.averages = db.prepare("SELECT block FROM text_fts_data WHERE id = 1").pluck();
    this.match = db.prepare("SELECT rowid FROM text_fts WHERE text_fts MATCH ?").pluck();
    this.rows = db.prepare(
      `SELECT c.id AS rid, c.c0 AS c0, c.c1 AS c1, d.sz AS sz FROM text_fts_content c
       JOIN text_fts_docsize d ON d.id = c.id WHERE c.id IN (SELECT value FROM json_each(?))`,
    );
    this.partial = db.prepare(
      "SELECT rowid AS rid, -bm25(text_fts, ?, ?) AS s FROM text_fts WHERE text_fts MATCH ? AND s >= ?",
    );
    this.ids = db.prepare("SELECT rid, id FROM nodes WHERE rid IN (SELECT value FROM json_each(?))");
  }

  /** Call after this connection wrote (other connections' commits are seen by data_version). */
  invalidate(): void {
    this.version = -1;
  }

  /**
   * The k best chunks for an analyzed query with bm25() column `weights`; null when the query is
   * one this path does not reproduce exactly (a word FTS5 splits into several tokens), or when
   * nearly every row would need scoring anyway: the caller then asks SQLite.
   */
  search(analyzed: string, k: number, weights: readonly number[]): ScoredId[] | null {
    const words = queryTerms(analyzed).map(columnTokens);
    if (words.some((w) => w.length !== 1)) return null;
    const terms = words.map((w) => w[0] ?? "");
    if (terms.length === 0 || k <= 0) return [];
    const sizes = this.stats();
    const rows = sizes[0] ?? 0;
    if (rows === 0) return [];
    const avgdl = sizes.slice(1).reduce((a, b) => a + b, 0) / rows;
    const dfs = terms.map((t) => this.docFrequency(t));
    const idfs = dfs.map((df) => bm25Idf(rows, df));
    const order = [...terms.keys()].sort((a, b) => (idfs[b] ?? 0) - (idfs[a] ?? 0) || a - b);
    const bounds = order.map((i) => bm25UpperBound(idfs[i] ?? 0));
    const scorer = bm25Scorer(terms, idfs, weights, avgdl);
    const scores = new Map<number, number>();
    const best: number[] = []; // the k highest scores so far, descending
    const rescore = (rids: readonly number[]) => {
      const todo = rids.filter((rid) => !scores.has(rid));
      for (let i = 0; i < todo.length; i += PAGE) {
        for (const raw of this.rows.all(JSON.stringify(todo.slice(i, i + PAGE)))) {
          const r = RowSchema.parse(raw);
          const score = scorer({ sizes: readVarints(r.sz), columns: [r.c0 ?? "", r.c1 ?? ""] });
          scores.set(r.rid, score);
          keepBest(best, score, k);
        }
      }
    };
    const heads = this.heads?.candidates(terms, idfs, weights, avgdl, Math.max(HEAD_RESCORE, 5 * k));
    if (heads) {
      // Best partial sums first, until no later row can reach the k-th exact score (MaxScore
      // over the heads' partial sums; the slack is the heads' weakest postings).
      rescore(heads.extra);
      for (let i = 0; i < heads.ranked.length; i += HEAD_PAGE) {
        if (best.length >= k && (heads.partial[i] ?? 0) + heads.slack < (best[k - 1] ?? 0)) break;
        rescore(heads.ranked.slice(i, i + HEAD_PAGE));
      }
      return this.best(scores, k);
    }
    const phrase = (of: readonly number[]) => of.map((i) => `"${terms[i]}"`).join(" OR ");
    // Round 1: every row matching the rarest terms (at least one), up to a budget of rows.
    let done = 0;
    for (let budget = 0; done < order.length; done++) {
      budget += dfs[order[done] ?? 0] ?? 0;
      if (done > 0 && budget > this.firstRoundRows) break;
    }
    const first = order.slice(0, done);
    if (first.reduce((sum, i) => sum + (dfs[i] ?? 0), 0) > MAX_SHARE * rows) return null;
    rescore(this.match.all(phrase(first)) as number[]);
    // Round 2: a row can only reach the k-th score so far through the essential terms. SQLite
    // scores the rows matching those (partial: the other terms are left out of the MATCH); best
    // partial first, rows are rescored until partial + every other term's bound falls short.
    const need = essentialCount(bounds, best[k - 1] ?? 0);
    if (need > done) {
      const rest = bounds.slice(need).reduce((a, b) => a + b, 0);
      const added = order.slice(done, need).reduce((sum, i) => sum + (dfs[i] ?? 0), 0);
      // No bar yet (the others' bounds reach the k-th score): every new match would be in doubt.
      if (rest >= (best[k - 1] ?? 0) && added > MAX_RESCORE) return null;
      const hits = this.partial.all(
        ...weights,
        phrase(order.slice(0, need)),
        (best[k - 1] ?? 0) - rest,
      ) as Hit[];
      // Bounds too loose to prune: rescoring here would cost more than SQLite scoring every match.
      if (hits.length > Math.min(MAX_RESCORE, MAX_SHARE * rows)) return null;
      hits.sort((a, b) => b.s - a.s);
      for (let i = 0; i < hits.length; i += PAGE / 5) {
        if ((hits[i]?.s ?? 0) + rest < (best[k - 1] ?? 0)) break;
        rescore(hits.slice(i, i + PAGE / 5).map((h) => h.rid));
      }
    }
    return this.best(scores, k);
  }

  private best(scores: ReadonlyMap<number, number>, k: number): ScoredId[] {
    const top = [...scores]
      .filter(([, s]) => s > 0)
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, k);
    const idOf = new Map(
      this.ids.all(JSON.stringify(top.map(([rid]) => rid))).map((r) => {
        const row = IdSchema.parse(r);
        return [row.rid, row.id] as const;
      }),
    );
    return top.flatMap(([rid, s]) => {
      const id = idOf.get(rid);
      return id === undefined ? [] : [{ id, score: s }];
    });
  }

  /** [rows, tokens of column 0, tokens of column 1, ...] from FTS5's averages record. */
  private stats(): number[] {
    this.refresh();
    const block = this.averages.get() as Buffer | undefined;
    return block ? readVarints(block) : [0];
  }

  private docFrequency(term: string): number {
    this.refresh();
    let df = this.dfCache.get(term);
    if (df === undefined) {
      df = Number(this.df.get(term) ?? 0);
      if (this.dfCache.size > 100_000) this.dfCache.clear();
      this.dfCache.set(term, df);
    }
    return df;
  }

  private refresh(): void {
    const v = Number(this.db.pragma("data_version", { simple: true }));
    if (v !== this.version) {
      this.dfCache = new Map();
      this.version = v;
    }
  }
}
