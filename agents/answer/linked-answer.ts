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
  /** The answer as its own passage names it ("Ann Roe" for "Senator Ann Roe"), when that passage links. */
  name?: string;
}

export function linkedAnswer(best: ScoredCandidate, evidence: readonly Evidence[]): Link | null {
  const span = best.span?.trim() ?? "";
  if (span.length < 3 || /^[\d\s.,%$-]+$/.test(span)) return null;
  const home = evidence.find((e) => e.sid === best.sid);
  if (!home) return null;
  const lower = span.toLowerCase();
  if (headingOf(home) !== lower && leadPassages([home], span).length === 0) return null;
  const link = evidence.find(
    (e) => e.sid !== home.sid && e.section_id !== home.section_id && says(e.text.toLowerCase(), lower),
  );
  if (!link) return null;
  return { evidence: extend(evidence, home.sid, link), sid: link.sid };
}

/**
 * The other way round: asked "X was the officer under which former governor of Eastland?", the
 * answer "President Ann Roe" is read in X's passage, which never says "governor of Eastland"; Ann
 * Roe's own passage (another section, headed with her name) says it. The two passages together
 * answer: the answer's passage is read with its subject's, and the answer is the name it is headed
 * with. Null when the span has no passage of its own here.
 */
export function ownPassageLink(best: ScoredCandidate, evidence: readonly Evidence[]): Link | null {
  const span = best.span?.trim().toLowerCase() ?? "";
  if (span.length < 3 || /^[\d\s.,%$-]+$/.test(span)) return null;
  const home = evidence.find((e) => e.sid === best.sid);
  if (!home) return null;
  // Its heading is the span, or a name of two words or more the span ends with ("President Ann Roe").
  const own = evidence.find((e) => {
    const h = headingOf(e);
    return (
      e.section_id !== home.section_id &&
      h.length >= 3 &&
      (h === span || (h.includes(" ") && span.endsWith(` ${h}`)))
    );
  });
  if (!own) return null;
  const name = headingName(own);
  return { evidence: extend(evidence, home.sid, own), sid: own.sid, name };
}

/** A passage's own heading without its bracket: "Drifting (motorsport)" tells namesakes apart, it is no part of the name. */
export const headingName = (e: Pick<Evidence, "heading_path">): string =>
  (e.heading_path.at(-1) ?? "").replace(/\s*\([^)]*\)\s*$/, "");

const headingOf = (e: Evidence): string => headingName(e).toLowerCase();

const extend = (evidence: readonly Evidence[], sid: string, link: Evidence): Evidence[] =>
  evidence.map((e) => (e.sid === sid ? { ...e, text: `${e.text} ${link.text}` } : e));
