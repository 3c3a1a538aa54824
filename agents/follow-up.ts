/**
 * Turns the last question of a conversation into one that stands alone, so retrieval sees what a
 * follow-up ("What about HippoRAG?", "When was it founded?") is about. Offline and rule-based:
 * a follow-up either names a new subject for the previous question ("what about X", "and X?") or
 * leans on a pronoun, which gets the previous question's subject. Anything else passes unchanged.
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
  rule?: "new_subject" | "pronoun" | "context";
}

const NEW_SUBJECT = /^(?:and\s+)?(?:what|how)\s+about\s+(.+?)\s*\??$|^and\s+(?:for\s+|in\s+)?(.+?)\s*\?$/i;
const PERSONAL = /\b(it|they|them|he|him|she)\b/i;
const POSSESSIVE = /\b(its|their|his|her)\b/i;
const DEMONSTRATIVE = /\b(this|that|these|those|the same|there)\b/i;
/** "What about it?" names no new subject: the pronoun rules handle it. */
const ONLY_PRONOUN = /^(?:it|they|them|this|that|these|those|him|her|he|she|there)$/i;
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
  if (named && !ONLY_PRONOUN.test(named) && named.split(/\s+/).length <= 6) {
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
