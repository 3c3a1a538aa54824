import { existsSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { basename, extname, join, resolve } from "node:path";
import { sha256 } from "../../src/domain/ids.js";
import { userError } from "../../src/errors.js";
import { adaptMultihopRag, MhrArticleSchema, MhrQuerySchema } from "./multihoprag-adapter.js";
import {
  CorpusRecordSchema,
  type EvalDataset,
  type QuestionRecord,
  QuestionRecordSchema,
} from "./qa-records.js";
import { assertUniqueIds, parseJsonlText, readDatasetFile, readJsonlFile } from "./read-jsonl-file.js";

export type Split = "dev" | "heldout";

export interface LoadDatasetOptions {
  split?: Split;
  /** Replaces the split file: same format as the file it replaces. */
  questionsFile?: string;
  /** Where an adapted corpus (MultiHop-RAG) is written; never the dataset folder, which is read-only. */
  scratchDir: string;
}

/**
 * Reads a dataset folder: `corpus.jsonl` + `<split>.jsonl` (the multihop benchmarks), or
 * `articles.jsonl` + `queries.jsonl` (MultiHop-RAG, adapted to the same shape).
 */
export async function loadDataset(folder: string, options: LoadDatasetOptions): Promise<EvalDataset> {
  const root = resolve(folder);
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw userError("dataset_not_found", `${folder}: no such folder`);
  if (existsSync(join(root, "corpus.jsonl"))) return loadMultihopFolder(root, options);
  if (existsSync(join(root, "articles.jsonl")) && existsSync(join(root, "queries.jsonl")))
    return loadMultihopRagFolder(root, options);
  throw userError(
    "dataset_invalid",
    `${folder}: neither corpus.jsonl nor articles.jsonl + queries.jsonl found (see agr eval --help)`,
  );
}

async function loadMultihopFolder(root: string, options: LoadDatasetOptions): Promise<EvalDataset> {
  const corpusFile = join(root, "corpus.jsonl");
  const bytes = await readDatasetFile(corpusFile);
  const corpus = parseJsonlText(bytes.toString("utf8"), CorpusRecordSchema, "corpus.jsonl");
  assertUniqueIds(corpus, "corpus.jsonl");
  const split = options.split ?? "dev";
  const questionsFile = options.questionsFile ?? join(root, `${split}.jsonl`);
  const rows = await readJsonlFile(questionsFile, QuestionRecordSchema);
  assertUniqueIds(rows, basename(questionsFile));
  const passageIds = new Set(corpus.map((r) => r.value.id));
  const questions = rows.map((r) => r.value);
  return {
    name: basename(root),
    split: options.questionsFile ? basename(questionsFile, extname(questionsFile)) : split,
    corpusFile,
    corpusHash: sha256(bytes),
    passageIds,
    questions,
    notes: goldNotes(questions, passageIds),
  };
}

async function loadMultihopRagFolder(root: string, options: LoadDatasetOptions): Promise<EvalDataset> {
  const articles = await readJsonlFile(join(root, "articles.jsonl"), MhrArticleSchema);
  const queriesFile = options.questionsFile ?? join(root, "queries.jsonl");
  const queries = await readJsonlFile(queriesFile, MhrQuerySchema);
  assertUniqueIds(queries, basename(queriesFile));
  const adapted = adaptMultihopRag(
    articles.map((r) => r.value),
    queries.map((r) => r.value),
  );
  const ids = new Set<string>();
  for (const [i, r] of adapted.corpus.entries()) {
    if (ids.has(r.id))
      throw userError(
        "dataset_invalid",
        `articles.jsonl:${articles[i]?.line}: id: duplicate article ${r.id}`,
      );
    ids.add(r.id);
  }
  const text = `${adapted.corpus.map((r) => JSON.stringify(r)).join("\n")}\n`;
  const corpusHash = sha256(text);
  const name = basename(root);
  // A stable path per content: the store keys documents by uri, so a new temp path would re-ingest.
  const corpusFile = join(resolve(options.scratchDir), `${name}-${corpusHash.slice(0, 16)}.corpus.jsonl`);
  if (!existsSync(corpusFile)) {
    await mkdir(resolve(options.scratchDir), { recursive: true });
    await writeFile(corpusFile, text);
  }
  const notes = [...adapted.notes];
  if (options.split && options.split !== "dev")
    notes.push(`MultiHop-RAG has one query set (queries.jsonl); --split ${options.split} does not apply.`);
  return {
    name,
    split: options.questionsFile ? basename(queriesFile, extname(queriesFile)) : "queries",
    corpusFile,
    corpusHash,
    passageIds: ids,
    questions: adapted.questions,
    notes: [...notes, ...goldNotes(adapted.questions, ids)],
  };
}

/** Gold ids absent from the corpus can never be retrieved; they still count in recall's denominator. */
function goldNotes(questions: readonly QuestionRecord[], passageIds: ReadonlySet<string>): string[] {
  let missing = 0;
  let affected = 0;
  for (const q of questions) {
    const n = q.supporting_ids.filter((id) => !passageIds.has(id)).length;
    missing += n;
    if (n > 0) affected++;
  }
  return missing === 0
    ? []
    : [
        `${missing} gold passage ids (in ${affected} questions) are not in the corpus; they stay in recall's denominator.`,
      ];
}
