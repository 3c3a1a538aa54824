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
  return evidence.filter((e) => {
    const subject = leadSubject(e.text);
    return subject.length <= n.length + 40 && says(subject.toLowerCase(), n);
  });
}

/** A passage's lead subject: its opening words before the first bracket, comma or "is"/"was". */
export const leadSubject = (text: string): string =>
  text.slice(0, 120).split(/\s*[(,;]|\s+(?:is|was|are|were|has|had)\s/)[0] ?? "";
