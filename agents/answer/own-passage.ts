import { foldLatin } from "../../src/domain/text/analyzer.js";
import type { Evidence } from "../../src/retrieval/context-bundle.js";

/**
 * The passage about a named thing itself: the one titled with its name, else one whose opening
 * subject ends with the name ("Mary Ann Roe (born 1961) is …" for "Ann Roe"). A subject that
 * goes on past the name ("Alder Bridge is …" for "Alder") is another thing, and is never taken.
 * Of a titled article's chunks, the first (the lead). Pure.
 */
export function ownPassage(evidence: readonly Evidence[], name: string): Evidence | undefined {
  const n = foldLatin(name.toLowerCase().trim());
  if (n === "") return undefined;
  const byTitle = evidence.filter(
    (e) =>
      foldLatin(e.title.toLowerCase()) === n || e.heading_path.some((h) => foldLatin(h.toLowerCase()) === n),
  );
  const lead = byTitle.reduce<Evidence | undefined>(
    (a, e) => (!a || e.char_start < a.char_start ? e : a),
    undefined,
  );
  return lead ?? evidence.find((e) => subjectOf(e.text).endsWith(n));
}

/** The words a passage opens with, before its first bracket, comma or "is"/"was". */
function subjectOf(text: string): string {
  const opening = text.slice(0, 160).replace(/^(?:the|a|an)\s+/i, "");
  const subject = opening.split(/\s*[(,;:]|\s+(?:is|was|are|were|has|had)\s/)[0] ?? "";
  return foldLatin(subject.toLowerCase().replace(/["“”]/g, "").trim());
}
