import { delimitPassages, PASSAGES_ARE_DATA } from "../llm/delimit-passages.js";
import type { ContextBundle, Evidence } from "../retrieval/context-bundle.js";
import type { AskOutput, IngestOutput } from "./mcp-schemas.js";
import type { SourcePassage } from "./passage-source.js";

/**
 * The readable side of each tool result (the structured side is the JSON object). Document text
 * reaches the host's model here, so every passage is delimited as in our own prompts and the
 * text says first that it is data: a document saying "ignore previous instructions" is quoted,
 * never obeyed, and cannot close its own block.
 */

const where = (e: Pick<Evidence, "citation">): string =>
  e.citation.kind === "pdf" ? `${e.citation.uri} (page ${e.citation.page})` : e.citation.url;

export function bundleText(bundle: ContextBundle): string {
  if (bundle.evidence.length === 0)
    return `No evidence found for ${JSON.stringify(bundle.query)} (mode ${bundle.mode}).`;
  const passages = bundle.evidence.map((e) => ({
    id: e.sid,
    source: `${e.title} > ${e.heading_path.join(" > ")} | ${where(e)} | chunk ${e.chunk_id}`,
    text: e.text,
  }));
  return [
    `${bundle.evidence.length} passages for ${JSON.stringify(bundle.query)} (mode ${bundle.mode}, ${bundle.token_count}/${bundle.token_budget} tokens). Cite them as [S1], [S2] ...; get_source with a chunk id shows a passage in its context.`,
    PASSAGES_ARE_DATA,
    delimitPassages(passages),
  ].join("\n\n");
}

export function answerText(result: AskOutput): string {
  // The reason tells the calling model whether asking again in other words could help.
  if (result.not_found)
    return `Not found: ${result.answer}${result.not_found_reason ? `\nWhy: ${result.not_found_reason}` : ""}`;
  const cites = result.citations.map((c) => {
    const place = c.page ? `${c.uri} (page ${c.page})` : (c.url ?? c.uri);
    return `[${c.S}] ${c.heading_path.join(" > ")} | ${place} | chunk ${c.chunk_id}`;
  });
  const v = result.verification;
  return [
    result.answer,
    `Citations:\n${cites.join("\n")}`,
    `Verified: ${v.supported} of ${v.sentences} sentences supported by their citations${v.dropped ? `, ${v.dropped} dropped` : ""}.`,
  ].join("\n\n");
}

export function ingestText(job: IngestOutput): string {
  const files = `${job.files.length} file(s)/folder(s)`;
  if (!job.finished)
    return `Ingest job ${job.job_id} is ${job.status} (${job.progress.phase}, ${job.progress.files_done}/${job.progress.files_total} files, ${job.progress.chunks_done} chunks) for ${files}. Call ingest with {"job_id": "${job.job_id}"} to wait for it again.`;
  if (job.status === "failed")
    return `Ingest job ${job.job_id} failed: ${job.error?.code ?? "error"}: ${job.error?.message ?? ""}`;
  const r = job.report;
  const failed = r?.failed.length
    ? ` Failed: ${r.failed.map((f) => `${f.path}: ${f.error}`).join("; ")}.`
    : "";
  return `Ingest job ${job.job_id} succeeded for ${files}: ${r?.ingested ?? 0} ingested, ${r?.skipped ?? 0} unchanged, ${r?.failed.length ?? 0} failed, ${r?.chunks_written ?? 0} chunks written.${failed}`;
}

export function sourceText(p: SourcePassage): string {
  const place = p.citation.kind === "pdf" ? `${p.citation.uri} (page ${p.citation.page})` : p.citation.url;
  const around = (list: SourcePassage["before"], tag: string) =>
    list.map((n, i) => ({ id: `${tag}${i + 1}`, source: `chunk ${n.chunk_id}`, text: n.text }));
  return [
    `Passage ${p.chunk_id} of ${JSON.stringify(p.title)} (${p.kind}), ${p.breadcrumbs} | ${place}. Context: ${p.before.length} passage(s) before, ${p.after.length} after.`,
    PASSAGES_ARE_DATA,
    delimitPassages([
      ...around(p.before, "before-"),
      { id: "cited", source: `chunk ${p.chunk_id}`, text: p.text },
      ...around(p.after, "after-"),
    ]),
  ].join("\n\n");
}
