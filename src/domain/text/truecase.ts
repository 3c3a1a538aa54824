/**
 * Capitals for a question typed without them ("uber goodwill dec 31 2021", "what gc does
 * spidermonkey use?"). Names are read from capitals all through the answer path (the names a
 * passage must say for the answer to count, name spans, hop patterns), so a lower-case question
 * loses them: its unanswerable cases were answered from loosely related sentences. The forms come
 * from the documents themselves: a word the passages write mid-sentence as "Uber", "SpiderMonkey" or
 * "GFM-RAG" nearly every time is written so in the question. Pure.
 */

/** A form must be this share of a word's mid-sentence uses ("Uber" 40 of 40; "Goodwill" heads rows, not sentences). */
const DOMINANT = 0.75;
/** ...and be seen this often: one capitalised use is a title or a quirk. */
const MIN_USES = 2;

const WORD = /[\p{L}\p{N}_]+(?:[-.][\p{L}\p{N}_]+)*/gu;

/** A text's words as this module reads them: "gfm-rag", "qa_inference.yaml" and "7.2" are one word each. */
export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

// Words that stay lower case inside names ("Row and Column Access Control", "Bank of America").
const FUNCTION_WORDS = new Set(
  (
    "a an the of and or in on at to for by with from as is are was were be been do does did what which who " +
    "whom whose when where why how that this these those it its into per vs via than then not no"
  ).split(" "),
);

// Words that open a request or a question ("give me …", "before 7.2, what …").
const OPENERS = new Set(
  (
    "can could should would will may might must has have had give list name tell show explain describe " +
    "summarize compare find before after during since until under across according"
  ).split(" "),
);

/**
 * How a question was cased: "none" (no mixed-case word: "uber goodwill 2021"), "opened" (only its
 * first word, as a phone keyboard does: "What is uber's revenue?"), or "cased" (a name written with
 * capitals: left alone). Acronyms typed in capitals ("RCAC", "FCC A") do not count: they are the
 * user's own, not a sign that the rest was cased with care.
 */
export function casingOf(question: string): "none" | "opened" | "cased" {
  const words = wordsOf(question);
  const mixed = words.filter((w) => /\p{Lu}/u.test(w) && /\p{Ll}/u.test(w));
  if (mixed.length === 0) return "none";
  return mixed.length === 1 && mixed[0] === words[0] ? "opened" : "cased";
}

/**
 * Each lower-case word of the question written as the texts write it mid-sentence, when they
 * agree; `names` (words no text has and no dictionary knows: "neo4j") take a capital, as a name.
 * `singleWords`: only one-word names are cased; `only`: only these words (for a question that
 * opened with a capital, the caller's words no dictionary knows).
 */
export function truecase(
  question: string,
  texts: readonly string[],
  names: ReadonlySet<string> = new Set(),
  options: { singleWords?: boolean; only?: ReadonlySet<string> } = {},
): string {
  const typed = wordsOf(question);
  const wanted = new Set(
    typed.filter((w) => w === w.toLowerCase() && isCaseable(w) && (!options.only || options.only.has(w))),
  );
  const words = typed.map((w) => w.toLowerCase());
  const forms = wanted.size > 0 ? writtenForms(texts, wanted, words, options.singleWords) : new Map();
  const cased = question.replace(WORD, (w) => {
    if (names.has(w)) return w.charAt(0).toUpperCase() + w.slice(1);
    const seen = forms.get(w);
    if (!seen || !wanted.has(w)) return w;
    const [form] = dominant(seen);
    return form !== w && decides(seen) ? form : w;
  });
  // A sentence opens with a capital ("how many …" → "How many …"), and "i" is "I" (not in
  // "IBM i"); a name or a command opening it ("aptos move …") is cased like any other word, above.
  return cased
    .replace(/(^|[.!?]\s+)(\p{Ll}+)(?=\s|$)/gu, (whole, lead: string, w: string) =>
      FUNCTION_WORDS.has(w) || OPENERS.has(w) ? lead + w.charAt(0).toUpperCase() + w.slice(1) : whole,
    )
    .replace(/(?<![\p{L}\p{N}_.-]|\p{Lu}{2,}\s)i(?=\s)/gu, "I");
}

/** Whether the most common form is common enough, and seen often enough, to be the word's. */
function decides(seen: ReadonlyMap<string, number>): boolean {
  const [, uses] = dominant(seen);
  return uses >= MIN_USES && uses >= DOMINANT * total(seen);
}

/** The question's lower-case words (three letters or more, a letter first) that no text uses in any case. */
export function unseenWords(question: string, texts: readonly string[]): string[] {
  const asked = new Set(
    wordsOf(question).filter((w) => w === w.toLowerCase() && isCaseable(w) && /^\p{L}.{2}/u.test(w)),
  );
  for (const text of texts) for (const m of text.matchAll(WORD)) asked.delete(m[0].toLowerCase());
  return [...asked];
}

const isCaseable = (w: string): boolean => w.length >= 2 && /\p{L}/u.test(w) && !FUNCTION_WORDS.has(w);

/**
 * How each wanted word is written in the texts. A capital counts only where a sentence is under
 * way (after a letter, a digit or a comma): a word opening a sentence, a line, a table cell or a
 * heading is capitalised by position. A capitalised word inside a longer name counts only where
 * the question says that whole name: "Take" of "Delivery Take Rate" is no sign that the verb
 * "take" is a name. Where the texts write the word beside the question's own neighbour with one
 * form, often enough to decide ("aptos move" in commands, while prose says "Aptos"), that form is
 * the question's sense.
 */
function writtenForms(
  texts: readonly string[],
  wanted: ReadonlySet<string>,
  words: readonly string[],
  singleWords = false,
): Map<string, Map<string, number>> {
  const phrase = ` ${words.join(" ")} `;
  const pairs = new Set(words.slice(1).map((w, i) => `${words[i]} ${w}`));
  const all = new Map<string, Map<string, number>>();
  const beside = new Map<string, Map<string, number>>();
  for (const text of texts) {
    const found = [...text.matchAll(WORD)];
    found.forEach((m, i) => {
      const key = m[0].toLowerCase();
      if (!wanted.has(key)) return;
      if (m[0] !== key && !midSentence(text, m.index)) return;
      const run = m[0] !== key ? nameRun(text, m.index, m[0].length) : key;
      if (m[0] !== key && !phrase.includes(` ${run} `)) return;
      // A question that opened with a capital left its other words as meant, but for a one-word
      // name ("uber"): a lower-case "digital asset collection" is no "Digital Asset Collection".
      if (singleWords && run.includes(" ")) return;
      const prev = spaced(text, found[i - 1], m) ? found[i - 1]?.[0].toLowerCase() : undefined;
      const next = spaced(text, m, found[i + 1]) ? found[i + 1]?.[0].toLowerCase() : undefined;
      const paired = (prev && pairs.has(`${prev} ${key}`)) || (next && pairs.has(`${key} ${next}`));
      count(all, key, m[0]);
      if (paired) count(beside, key, m[0]);
    });
  }
  return new Map(
    [...all].map(([key, seen]) => {
      const near = beside.get(key);
      return [key, near && decides(near) ? near : seen];
    }),
  );
}

/** Whether only spaces (and marks such as "*USE" carries) part two matches of one text. */
function spaced(text: string, a: RegExpExecArray | undefined, b: RegExpExecArray | undefined): boolean {
  return a !== undefined && b !== undefined && GAP.test(text.slice(a.index + a[0].length, b.index));
}

const GAP = /^[ \t]+[*"'“‘(]?$/u;

function count(forms: Map<string, Map<string, number>>, key: string, form: string): void {
  const seen = forms.get(key) ?? new Map<string, number>();
  seen.set(form, (seen.get(form) ?? 0) + 1);
  forms.set(key, seen);
}

/** The run of capitalised words a word stands in ("Delivery Take Rate"), lower-cased, spaced. */
function nameRun(text: string, at: number, length: number): string {
  const left = /(?:\p{Lu}[\p{L}\p{N}_.-]*[ \t]+)*$/u.exec(text.slice(Math.max(0, at - 80), at))?.[0] ?? "";
  // A number after it makes it a label ("Note 15", "Item 7"), which no lower-case word of the question is.
  const right =
    /^(?:[ \t]+[\p{Lu}\p{N}][\p{L}\p{N}_.-]*)*/u.exec(text.slice(at + length, at + length + 80))?.[0] ?? "";
  return `${left}${text.slice(at, at + length)}${right}`
    .toLowerCase()
    .split(/[\s]+/)
    .map((w) => w.replace(/[.]+$/, ""))
    .join(" ");
}

function midSentence(text: string, at: number): boolean {
  // Marks before the word ("*USE", "(Uber", a quote) do not start a sentence.
  const head = text.slice(Math.max(0, at - 40), at).replace(/[\s*"'“‘([]+$/u, "");
  return /[\p{L}\p{N},]$/u.test(head);
}

function dominant(seen: ReadonlyMap<string, number>): [string, number] {
  // Ties go to the lower-case form (kept as typed), then alphabetically, so the result is stable.
  return (
    [...seen].sort((a, b) => b[1] - a[1] || lowerFirst(a[0], b[0]) || a[0].localeCompare(b[0]))[0] ?? ["", 0]
  );
}

const lowerFirst = (a: string, b: string): number =>
  (a === a.toLowerCase() ? 0 : 1) - (b === b.toLowerCase() ? 0 : 1);

const total = (seen: ReadonlyMap<string, number>): number => [...seen.values()].reduce((s, n) => s + n, 0);
