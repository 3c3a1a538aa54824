/**
 * A bridge an indefinite description introduces: "Elm Lake is in a county that has how many
 * inhabitants?", "Oak Hill is a play by a playwright born in which year?". The thing "a county"
 * stands for is asked first, in the question's own words ("Elm Lake is in which county?"); the
 * clause after it is then asked of the answer ("#1 has how many inhabitants?"). By structure only:
 * the asking word sits in the clause, none before it. Used by decompose-question.ts. Pure.
 */
const INDEFINITE =
  /^(.*?)\b(?:a|an)\s+((?:[\p{Ll}-]+\s+){0,2}?[\p{Ll}-]+)\s+(that|who|which|whose|born|based|located|founded|named|set|made|written|built)\b(.*)$/u;
const WH = /\b(?:what|which|how|when|where|who|whom|whose)\b/i;
// A head that is a span of time or a preposition ("a year in which") stands for no thing with a
// passage of its own.
const NO_THING =
  /(?:^|\s)(?:year|years|time|times|day|days|period|month|decade|century|season|moment|way|number|lot|kind|sort|type|in|on|at|of|for|by|with|from)$/;
// "Elm is a series based on what …": the description is the subject's own, no hop.
const SUBJECT_IS = /^[^,]*?\s(?:is|was|are|were)$/;

export interface IndefiniteHop {
  /** The sub-question for the bridge: the question up to the description, asking "which <head>". */
  bridge: string;
  /** The rest, asked of the bridge slot "#1". */
  rest: string;
}

export function indefiniteHop(question: string): IndefiniteHop | null {
  const m = INDEFINITE.exec(question.trim());
  if (!m) return null;
  const [, pre = "", head = "", rel = "", after = ""] = m;
  const lead = pre.trim();
  if (!lead || WH.test(lead) || !WH.test(after) || NO_THING.test(head) || SUBJECT_IS.test(lead)) return null;
  const clause = after.trim().replace(/\s*\?$/, "");
  const rest =
    rel === "that" || rel === "who" || rel === "which"
      ? `#1 ${clause}?`
      : rel === "whose"
        ? `#1's ${clause}?`
        : `#1 ${rel} ${clause}?`;
  return { bridge: `${lead.replace(/,$/, "")} which ${head}?`, rest };
}
