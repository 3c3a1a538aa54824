/**
 * Turns the last question of a conversation into one that stands alone, so retrieval sees what a
 * follow-up ("What about HippoRAG?", "When was it founded?", "and in 2020?") is about. Offline and
 * rule-based: a follow-up either names a new period ("and in 2020?": it replaces the previous
 * question's period, or is added) or a new subject for the previous question ("what about X",
 * "and X?"), or leans on a pronoun ("what about its fees?"), which gets the previous question's
 * subject. Anything else passes unchanged.
 */
export interface Turn {
  role: "user" | "assistant" | "system";
  content: string;
}

export interface ResolvedQuestion {
  question: string;
  /** The question as asked, when it was rewritten. */
  original?: string;
  /** Which rule rewrote it (for the trace). */
  rule?: "new_period" | "new_subject" | "pronoun" | "context";
}

const NEW_SUBJECT = /^(?:and\s+)?(?:what|how)\s+about\s+(.+?)\s*\??$|^and\s+(?:for\s+|in\s+)?(.+?)\s*\?$/i;
const PERSONAL = /\b(it|they|them|he|him|she)\b/i;
const POSSESSIVE = /\b(its|their|his|her)\b/i;
const DEMONSTRATIVE = /\b(this|that|these|those|the same|there)\b/i;
/** "What about it?" / "what about its fees?" name no new subject: the pronoun rules handle them. */
const ONLY_PRONOUN = /^(?:it|they|them|this|that|these|those|him|her|he|she|there)$/i;
const HAS_PRONOUN = /\b(?:it|its|they|them|their|this|that|these|those|him|his|her|he|she)\b/i;
/**
 * One word of a period: a year, a quarter or half, a fiscal year, a month. Case-sensitive in the
 * previous question (where "may" is a verb), any case in the follow-up's "and in april?".
 */
const MONTHS =
  "Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:tember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?";
const PERIOD_WORD = `(?:(?:19|20)\\d{2}|Q[1-4]|H[12]|FY\\s?\\d{2,4}|${MONTHS})`;
const PERIOD_ONLY = new RegExp(`^${PERIOD_WORD}(?:\\s*(?:,|and|or|to|vs\\.?|-)?\\s*${PERIOD_WORD})*$`, "i");
const PERIOD_RUN = new RegExp(`\\b${PERIOD_WORD}(?:\\s+${PERIOD_WORD})*\\b`, "g");
/** Words that look like names but never are a conversation's subject. */
const NOT_SUBJECT = /^(?:I|I'm|I've|I'd|I'll|S\d+)$/;
const QUESTION_WORDS = new Set([
  "what",
  "who",
  "whom",
  "which",
  "when",
  "where",
  "why",
  "how",
  "is",
  "are",
  "does",
  "do",
  "did",
  "can",
  "should",
  "could",
  "was",
  "were",
  "and",
  "in",
  "on",
  "for",
  "the",
  "a",
  "an",
]);

/** The last user turn, resolved against the user turns before it. */
export function resolveFollowUp(turns: readonly Turn[]): ResolvedQuestion {
  const users = turns
    .filter((t) => t.role === "user")
    .map((t) => t.content.trim())
    .filter((t) => t !== "");
  const question = users.at(-1) ?? "";
  const previous = users.length > 1 ? users.at(-2) : undefined;
  if (!previous) return { question };
  const base = resolveFollowUp(turns.slice(0, lastUserIndex(turns))).question;
  const subject = subjectOf(base);

  const m = NEW_SUBJECT.exec(question);
  // "what about the ExtendRef?" into "What is a ConstructorRef?": the base keeps its own article.
  const named = (m?.[1] ?? m?.[2])?.trim().replace(/^(?:the|a|an)\s+/i, "");
  if (named && PERIOD_ONLY.test(named))
    return { question: withPeriod(base, named), original: question, rule: "new_period" };
  if (named && !ONLY_PRONOUN.test(named) && !HAS_PRONOUN.test(named) && named.split(/\s+/).length <= 6) {
    const rewritten = subject ? base.replace(subject, named) : `${named}: ${base}`;
    return { question: rewritten, original: question, rule: "new_subject" };
  }
  if (subject && ownSubject(question) === undefined) {
    if (POSSESSIVE.test(question))
      return { question: question.replace(POSSESSIVE, `${subject}'s`), original: question, rule: "pronoun" };
    if (PERSONAL.test(question))
      return { question: question.replace(PERSONAL, subject), original: question, rule: "pronoun" };
    if (DEMONSTRATIVE.test(question))
      return { question: `${question} (${subject})`, original: question, rule: "context" };
  }
  return { question };
}

/**
 * The previous question with the follow-up's period: a single word replaces the previous word of
 * its kind ("Q3 2021" + "Q2" → "Q2 2021"), else the previous question's last period is replaced,
 * else the period is added at its end.
 */
function withPeriod(base: string, period: string): string {
  const same = sameKind(period);
  if (same?.test(base)) return base.replace(same, period);
  const last = [...base.matchAll(PERIOD_RUN)].at(-1);
  if (last?.index !== undefined)
    return base.slice(0, last.index) + period + base.slice(last.index + last[0].length);
  return base.replace(/\s*([?.!]*)\s*$/, ` in ${period}$1`);
}

/** A pattern for the words of one period word's kind (year, quarter, half, month); none for others. */
function sameKind(word: string): RegExp | undefined {
  if (/^(?:19|20)\d{2}$/.test(word)) return /\b(?:19|20)\d{2}\b/;
  if (/^[QH][1-4]$/i.test(word)) return new RegExp(`\\b${word[0]?.toUpperCase()}[1-4]\\b`);
  if (new RegExp(`^(?:${MONTHS})$`, "i").test(word)) return new RegExp(`\\b(?:${MONTHS})\\b`);
  return undefined;
}

function lastUserIndex(turns: readonly Turn[]): number {
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i]?.role === "user") return i;
  return 0;
}

/** Names in a question: runs of capitalised words, acronyms and tokens like GFM-RAG or 10-K. */
function names(question: string): string[] {
  const words = question
    .replace(/[?!.,;:"“”()]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) out.push(run.join(" "));
    run = [];
  };
  for (const [i, w] of words.entries()) {
    // A sentence's first word is capitalised anyway: only an acronym-like one counts there.
    const first = i === 0 && (QUESTION_WORDS.has(w.toLowerCase()) || !/^.[^a-z]*[A-Z0-9-]/.test(w));
    const isName = /^[A-Z0-9][\w'’.-]*$/.test(w) && /[A-Z]/.test(w) && !first;
    if (isName) run.push(w.replace(/['’]s$/, ""));
    else flush();
  }
  flush();
  return out;
}

/** The previous question's subject: its first name. */
export function subjectOf(question: string): string | undefined {
  return names(question).find((n) => !NOT_SUBJECT.test(n));
}

/** A follow-up that names something of its own is not leaning on the previous turn. */
function ownSubject(question: string): string | undefined {
  return names(question).find((n) => !NOT_SUBJECT.test(n));
}
