import { foldLatin } from "../../src/domain/text/analyzer.js";
import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { says } from "./phrase-match.js";

/**
 * The passages whose lead subject holds a name: "Mary Ann Roe (born January 17, 1961) is
 * …" is about "Ann Roe" as much as "Ann Roe is an engineer" is; the subject is
 * the words before the first bracket, comma or "is"/"was" of the passage's opening. Rank order. Pure.
 */
export function leadPassages(evidence: readonly Evidence[], name: string): Evidence[] {
  const n = name.toLowerCase().trim();
  if (n.length < 3) return [];
  const subjects = leadSubjects(evidence);
  const folded = foldLatin(n);
  // A cheap substring check first: this runs for every span the reader looks up (own-lead.ts).
  return evidence.filter((_e, i) => {
    const s = subjects[i];
    return (
      s !== undefined &&
      s.raw.length <= n.length + 40 &&
      s.folded.includes(folded) &&
      says(s.raw.toLowerCase(), n)
    );
  });
}

/** Where a passage's lead subject ends: its first bracket, comma or "is"/"was". */
export const LEAD_END = /\s*[(,;]|\s+(?:is|was|are|were|has|had)\s/;

/** A passage's lead subject: its opening words before the first bracket, comma or "is"/"was". */
export const leadSubject = (text: string): string => text.slice(0, 120).split(LEAD_END)[0] ?? "";

const subjectsOf = new WeakMap<readonly Evidence[], { raw: string; folded: string }[]>();

/** Each passage's lead subject, as written and folded to lower-case Latin, once per evidence array. */
function leadSubjects(evidence: readonly Evidence[]): { raw: string; folded: string }[] {
  const hit = subjectsOf.get(evidence);
  if (hit) return hit;
  const out = evidence.map((e) => {
    const raw = leadSubject(e.text);
    return { raw, folded: foldLatin(raw.toLowerCase()) };
  });
  subjectsOf.set(evidence, out);
  return out;
}
