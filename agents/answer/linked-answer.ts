import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { leadPassages } from "./lead-passages.js";
import { says } from "./phrase-match.js";
import type { ScoredCandidate } from "./score-candidates.js";

/**
 * A bridge answer's link: asked "Which actor and dancer starred in the 1945 film Harbor Night?", the
 * answer "Jo Vale" is read in his own passage ("an American actor and dancer"), which never names
 * the film; the film's passage names him. When the answer is the subject of its passage (its
 * heading, or the name it opens with) and a passage of another section names it, the two passages together answer: the gate then reads the
 * answer's passage with the linking one's words, and the answer cites both. Null otherwise. Pure.
 */
export interface Link {
  /** The evidence with the answer's passage extended by the linking passage's text. */
  evidence: Evidence[];
  /** The linking passage. */
  sid: string;
}

export function linkedAnswer(best: ScoredCandidate, evidence: readonly Evidence[]): Link | null {
  const span = best.span?.trim() ?? "";
  if (span.length < 3 || /^[\d\s.,%$-]+$/.test(span)) return null;
  const home = evidence.find((e) => e.sid === best.sid);
  if (!home) return null;
  const lower = span.toLowerCase();
  // "Drifting (motorsport)": a title's bracket tells namesakes apart, it is no part of the name.
  const heading = (home.heading_path.at(-1) ?? "").replace(/\s*\([^)]*\)\s*$/, "").toLowerCase();
  if (heading !== lower && leadPassages([home], span).length === 0) return null;
  const link = evidence.find(
    (e) => e.sid !== home.sid && e.section_id !== home.section_id && says(e.text.toLowerCase(), lower),
  );
  if (!link) return null;
  return {
    evidence: evidence.map((e) => (e.sid === home.sid ? { ...e, text: `${e.text} ${link.text}` } : e)),
    sid: link.sid,
  };
}
