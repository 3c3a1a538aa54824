import type { Evidence } from "../../src/retrieval/context-bundle.js";
import { ownPassage } from "./own-passage.js";

/**
 * The longest question the pair readers parse: their patterns are polynomial in the length on
 * adversarial input (", a or " repeated), and a question about two things is short.
 */
export const MAX_QUESTION_CHARS = 300;

/**
 * The two options of a choice question and where they start: "…, A or B?", "out of A and B?",
 * "Which of A and B is …?", "Which film, A or B, was …?".
 */
export function choiceOptions(question: string): { options: [string, string]; index: number } | null {
  if (question.length > MAX_QUESTION_CHARS) return null;
  const m =
    // "Which film, A or B, was directed by X?": the options between the commas, a predicate after.
    question.match(/^(?:which|who)\b[^,]*,\s*([^,]+?)\s+or\s+([^,]+?),\s+(?=\p{Ll})[^,]+\?\s*$/iu) ??
    // "Which came first: A or B?" sets the options off with a colon as well as a comma.
    question.match(/[,:]\s*(.+?)\s+or\s+(.+?)\s*\?$/) ??
    question.match(/\b(?:out of|between)\s+(.+?)\s+(?:and|or)\s+(.+?)\s*\?$/i) ??
    // "Which of A and B is a magician?", "Which of A or B was a film director?"
    question.match(
      /^(?:which|who)\s+of\s+(.+?)\s+(?:and|or)\s+(.+?)\s+(?:is|was|are|were|has|had|have|does|did|do|can|could)\s/i,
    ) ??
    // "who is younger A or B ?": the comparison word, then the two names with no comma
    question.match(
      /^(?:who|which)\s+(?:is|was|are|were)\s+(?:older|younger|the\s+oldest|the\s+youngest)\s+(.+?)\s+or\s+(.+?)\s*\?$/i,
    ) ??
    // "Was A or B born first?"
    question.match(
      /^(?:was|were|is|did)\s+(.+?)\s+or\s+(.+?)\s+(?:born|released|founded|established|formed|published|created|died|die)\b/i,
    );
  if (!m?.[1] || !m[2] || NOT_OPTIONS.test(m[1].trim())) return null;
  // Where the options start: what comes before is the question's head ("Which film", "Which of").
  const index = m.index === 0 ? question.indexOf(m[1]) : (m.index ?? 0);
  return { options: [unquoted(m[1].trim()), unquoted(m[2].trim())], index };
}

/**
 * "Compared with A or B, which …?", "Besides A or B, what …?": things set beside the answer, or
 * set aside, are not the two it is chosen from.
 */
const NOT_OPTIONS =
  /^(?:compared (?:with|to)|in comparison (?:with|to)|besides|other than|apart from|aside from|except(?: for)?|unlike|rather than|instead of|than)\s/i;

/** The first passage whose title is the name followed by up to three lower-case words. */
function categoryTitled(evidence: readonly Evidence[], name: string): Evidence | undefined {
  const start = `${name.toLowerCase()} `;
  return evidence.find((e) =>
    [e.title, ...e.heading_path].some(
      (t) => t.toLowerCase().startsWith(start) && /^(?:\p{Ll}+\s*){1,3}$/u.test(t.slice(start.length)),
    ),
  );
}

/** A quoted title ('"Oak Song" or "Elm Song"') is the name inside its quotes. */
export const unquoted = (option: string): string => option.replace(/^["“]([^"“”]+)["”]$/u, "$1");

/**
 * A choice asked with its options first, in the order the composers read: "A or B, which was
 * born first?", "A or B: which …?", "A or B — who …?", "Of A and B, which …?" and "Between A and B, who was born first?" become "Which was born first, A or B?".
 * Other questions come back as they are.
 */
export function choiceQuestion(asked: string): string {
  if (asked.length > MAX_QUESTION_CHARS) return asked;
  const question = spokenChoice(asked);
  // "Of A and B, which …?" only with no "or": "Of Oak and Elm or Pine, which …?" starts with a title.
  const of = /^of\s/i.test(question) && !/\sor\s/i.test(question);
  // Options joined by "and" only after "Between" or "Of"; else by "or" ("Salt and Pepper or Oak, …").
  const m = question.match(
    of
      ? /^of\s+(.+?)\s+and\s+(.+?)\s*(?:[,:]|\s[—–-])\s+((?:which|who|whose)\b[^,]*\?)\s*$/i
      : /^between\s/i.test(question)
        ? /^between\s+(.+?)\s+(?:or|and)\s+(.+?)\s*(?:[,:]|\s[—–-])\s+((?:which|who|whose)\b[^,]*\?)\s*$/i
        : /^(.+?)\s+or\s+(.+?)\s*(?:[,:]|\s[—–-])\s+((?:which|who|whose)\b[^,]*\?)\s*$/i,
  );
  if (!m?.[1] || !m[2] || !m[3] || NOT_OPTIONS.test(m[1].trim())) return question;
  const ask = m[3].replace(/\s*\?$/, "");
  return `${ask.charAt(0).toUpperCase()}${ask.slice(1)}, ${m[1]} or ${m[2]}?`;
}

/**
 * An option's own passage and the name it goes by there. The option as asked first; then without
 * a leading "the" ("the Oak Arena"); then, when a comma may have joined it to the words before
 * ("… based in Elmton, Colora, Acme Health or …"), its last comma-separated part, unless an earlier
 * part has a passage of its own (a list of three, "A, B or C"). Null when none is found.
 */
export function optionPassage(
  evidence: readonly Evidence[],
  option: string,
): { name: string; e: Evidence } | null {
  const name = unquoted(option);
  const bare = name.replace(/^the\s+/i, "");
  const parts = name.split(/,\s*/).map((p) => p.replace(/^the\s+/i, ""));
  // "A, B or C": a list of three; reading it as two would drop one.
  const listed = parts.length > 1 && parts.slice(0, -1).some((p) => p.length > 1 && ownPassage(evidence, p));
  const last = listed ? "" : (parts.at(-1) ?? "");
  // "Oak Night (1988)": the name a bracket tells apart from another of that name.
  const plain = bare.replace(/\s*\([^()]*\)$/, "");
  // "the Elm Yards that Ned Vosk set up": the name before its clause. "Tom Hale, the Oak Clan
  // member": the name before what describes it.
  const clause = bare.replace(/\s+(?:who|that|which|whose)\s.*$/i, "");
  const raw = name.split(/,\s*/);
  const described =
    raw.length > 1 && raw.slice(1).every((p) => /^(?:the|an?)\s/i.test(p)) ? (parts[0] ?? "") : "";
  for (const tried of [name, bare, last, plain, clause, described]) {
    if (tried.length < 2) continue;
    const e = ownPassage(evidence, tried);
    if (e) return { name: tried, e };
  }
  // "the 1959 Oak Rams": the passage titled with the name and what kind of thing it is ("1959 Oak
  // Rams football team", "1992–93 Oak Rams season").
  const e = bare.length > 1 ? categoryTitled(evidence, bare) : undefined;
  return e ? { name: bare, e } : null;
}

const COMPARES =
  /\b(?:of the two|of them|one|first|last|earlier|earliest|later|latest|older|oldest|younger|youngest|more|most|fewer|less|least|longer|shorter|larger|smaller|bigger|higher|lower|taller)\b/i;

/**
 * Choices people set out in other ways, in the form choiceQuestion reads: "Was it A or B that had
 * more members?" is "Which had more members, A or B?"; "A and B: which of the two …?", "A and B
 * were both playwrights; who …?" and "A and B — which …?" put "or" between the two; a dash before
 * the options ("Which came first — A, or B?") is a comma, and ", or" is "or".
 */
export function spokenChoice(question: string): string {
  if (question.length > MAX_QUESTION_CHARS) return question;
  const q = question
    .replace(/^((?:which|who|whose)\b[^—–:]*?)\s+[—–]\s+/i, "$1, ")
    .replace(/([^,]+?),\s+or\s+(?!.*,\s+or\s)/, "$1 or ");
  const itWas = q.match(/^(?:was|is)\s+it\s+(.+?)\s+or\s+(.+?)\s+(that|who|which)\s+(.+?)\s*\?\s*$/i);
  if (itWas?.[1] && itWas[2] && itWas[3] && itWas[4]) {
    const wh = itWas[3].toLowerCase() === "who" ? "Who" : "Which";
    return `${wh} ${itWas[4]}, ${itWas[1]} or ${itWas[2]}?`;
  }
  // "A and B (are both playwrights); which one …?": the clause set first names the two.
  const set = q.match(
    /^(?!(?:which|who|whose|what|of|between)\b)(.+?)\s+and\s+(.+?)(?:\s+(?:are|were)\s+both\s+[^;:—–]+?)?\s*(?:[:;]|\s[—–])\s+((?:which|who|whose)\b[^,;:]*\?)\s*$/i,
  );
  // Only a question that compares ("Oak and Elm: which author wrote it?" asks about one title).
  if (set?.[1] && set[2] && set[3] && COMPARES.test(set[3])) return `${set[1]} or ${set[2]}, ${set[3]}`;
  return q;
}
