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
  const exact = (t: string) => foldLatin(t.toLowerCase()) === n;
  // "Paul Vale (aviator)" is titled with the name and what tells it apart, taken when no title is the name.
  // So is "Elm Park, Colora" (the place a comma tells it apart by).
  const bracketed = (t: string) =>
    foldLatin(t.toLowerCase())
      .replace(/\s*\([^)]*\)$/, "")
      .replace(/,\s+[^,]+$/, "") === n;
  const titledBy = (is: (t: string) => boolean) =>
    evidence.filter((e) => is(e.title) || e.heading_path.some(is));
  const exactly = titledBy(exact);
  const byTitle = exactly.length > 0 ? exactly : titledBy(bracketed);
  const lead = byTitle.reduce<Evidence | undefined>(
    (a, e) => (!a || e.char_start < a.char_start ? e : a),
    undefined,
  );
  return (
    lead ??
    evidence.find((e) => subjectOf(e.text).endsWith(n)) ??
    evidence.find((e) => fuller(subjectOf(e.text), n)) ??
    evidence.find((e) => described(e.title, name))
  );
}

/**
 * A title that is the name and then only lower-case words saying what it is ("2009–10 Elm Rams
 * men's basketball team" for "2009–10 Elm Rams"): at most four, so "Alder Bridge" stays another thing.
 */
function described(title: string, name: string): boolean {
  const t = foldLatin(title.trim());
  const n = foldLatin(name.trim());
  // One bare word ("Oakland" → "Oakland national team") is too loose a name to extend.
  if (!/\s|\d/.test(n) || !t.toLowerCase().startsWith(n.toLowerCase()) || t.length === n.length) return false;
  const rest = t.slice(n.length);
  return /^\s/.test(rest) && /^(?:\s+\p{Ll}[\p{Ll}'’-]*){1,4}$/u.test(rest);
}

/**
 * A subject that is the name with a few more words before or inside it: "Sergeant Paul Joseph
 * Vale" for "Paul Vale". Two name words at least, in order, the last one the subject's last word;
 * at most three words before it and two inside it, none a joining word ("Paul Smith and Ann Vale").
 */
function fuller(subject: string, name: string): boolean {
  const want = name.split(/\s+/);
  const have = subject.split(/\s+/);
  if (want.length < 2 || have.at(-1) !== want.at(-1)) return false;
  const first = have.indexOf(want[0] ?? "");
  if (first < 0 || first > 3) return false;
  let i = 0;
  const inside: string[] = [];
  for (const w of have.slice(first)) {
    if (w === want[i]) i++;
    else inside.push(w);
  }
  const extra = [...have.slice(0, first), ...inside];
  return i === want.length && inside.length <= 2 && !extra.some((w) => JOINING.test(w));
}

const JOINING = /^(?:and|&|or|of|on|in|at|the|for|with|to|by|a|an)$/i;
/** The words a passage opens with, before its first bracket, comma or "is"/"was". */
function subjectOf(text: string): string {
  const opening = text.slice(0, 160).replace(/^(?:the|a|an)\s+/i, "");
  const subject = opening.split(/\s*[(,;:]|\s+(?:is|was|are|were|has|had)\s/)[0] ?? "";
  return foldLatin(subject.toLowerCase().replace(/["“”]/g, "").trim());
}
