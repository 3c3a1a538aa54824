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
  // "Paul Vale (aviator)" is titled with the name and what tells it apart from others.
  const named = (t: string) => {
    const f = foldLatin(t.toLowerCase());
    return f === n || f.replace(/\s*\([^)]*\)$/, "") === n;
  };
  const byTitle = evidence.filter((e) => named(e.title) || e.heading_path.some(named));
  const lead = byTitle.reduce<Evidence | undefined>(
    (a, e) => (!a || e.char_start < a.char_start ? e : a),
    undefined,
  );
  return (
    lead ??
    evidence.find((e) => subjectOf(e.text).endsWith(n)) ??
    evidence.find((e) => fuller(subjectOf(e.text), n))
  );
}

/**
 * A subject that is the name with more words inside or before it: "Sergeant Paul Joseph Vale" for
 * "Paul Vale". Two words at least, in order, the last one the subject's own last word.
 */
function fuller(subject: string, name: string): boolean {
  const want = name.split(/\s+/);
  const have = subject.split(/\s+/);
  if (want.length < 2 || have.at(-1) !== want.at(-1)) return false;
  let i = 0;
  for (const w of have) if (w === want[i]) i++;
  return i === want.length;
}

/** The words a passage opens with, before its first bracket, comma or "is"/"was". */
function subjectOf(text: string): string {
  const opening = text.slice(0, 160).replace(/^(?:the|a|an)\s+/i, "");
  const subject = opening.split(/\s*[(,;:]|\s+(?:is|was|are|were|has|had)\s/)[0] ?? "";
  return foldLatin(subject.toLowerCase().replace(/["“”]/g, "").trim());
}
