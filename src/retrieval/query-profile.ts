import { foldLatin, stem, words } from "../domain/text/analyzer.js";

/** What a question asks for, read from its wording alone (pure, no store access). */
export interface QueryProfile {
  /** Stemmed content words: what headings, anchor texts and titles are matched against. */
  terms: string[];
  /** "Where is the section on X", "docs for Y": headings and link anchors matter more. */
  navigation: boolean;
  /** Mentions pages, tables or figures: PDF passages are likelier answers. */
  pdf: boolean;
  /** Page numbers the question names ("page 12", "p. 7"). */
  pages: number[];
  /** Numbered labels it names, lower case: "table 2-1", "figure 3". */
  labels: string[];
  /** Asks for details, examples, tables or code: structure expansion may go down. */
  details: boolean;
}

/** Function words that say nothing about a heading (English, plus the commonest Russian ones). */
const STOP = new Set(
  (
    "a an the and or of to in on at for from by with without about into over under as is are was were be been " +
    "being do does did done have has had what which who whom whose when where why how this that these those it its " +
    "there their they them he she his her i me my we our you your can could should would will shall may might must " +
    "not no yes than then so if but also any all some each per via vs use used using get find show shows list " +
    "и в во на с со к по о об от для из не что как это где когда кто ли или а но же бы"
  ).split(" "),
);

const NAVIGATION =
  /\b(section|sections|chapter|chapters|docs?|documentation|guide|overview|tutorial|reference|page about|link(s|ed)? to|go to|navigate|where (can|do|should) i (find|read|look)|which (page|section|chapter))\b|раздел|глав[аеу]/i;
const PDF_WORDS =
  /\b(pages?|p\.\s*\d+|figures?|fig\.|tables?|charts?|pdf|appendix|exhibit)\b|страниц|таблиц|рисун/i;
const PAGE_NUMBER = /\b(?:pages?|pp?\.)\s*(\d{1,4})(?:\s*[-–]\s*(\d{1,4}))?/gi;
const LABEL = /\b(table|figure|fig\.|exhibit|appendix)\s+([A-Z]?\d+(?:[.-]\d+)*[a-z]?|[A-Z])\b/gi;
const DETAILS =
  /\b(details?|detailed|examples?|sample|specifics?|tables?|code|snippet|syntax|figures?|steps?|how (do|to|can)|show me|list of|parameters?|options?|fields?|values?|breakdown)\b|пример|подробн|таблиц|код/i;

/** Stemmed content words of a text (stop words and one-letter words dropped; Latin accents folded). */
export function contentTerms(text: string): string[] {
  return [
    ...new Set(
      words(foldLatin(text))
        .filter((w) => w.length > 1 && !STOP.has(w))
        .map(stem),
    ),
  ];
}

export function queryProfile(question: string): QueryProfile {
  const pages = new Set<number>();
  for (const m of question.matchAll(PAGE_NUMBER)) {
    const from = Number(m[1]);
    const to = m[2] ? Number(m[2]) : from;
    for (let p = from; p <= Math.min(to, from + 20); p++) if (p > 0) pages.add(p);
  }
  const labels = [...question.matchAll(LABEL)].map(
    (m) => `${(m[1] ?? "").toLowerCase().replace("fig.", "figure")} ${(m[2] ?? "").toLowerCase()}`,
  );
  return {
    terms: contentTerms(question),
    navigation: NAVIGATION.test(question),
    pdf: PDF_WORDS.test(question) || pages.size > 0 || labels.length > 0,
    pages: [...pages],
    labels: [...new Set(labels)],
    details: DETAILS.test(question),
  };
}

/** Share of a heading's content terms that the question also uses (0 when it has none). */
export function headingOverlap(heading: string, terms: ReadonlySet<string>): number {
  const own = contentTerms(heading);
  if (own.length === 0) return 0;
  return own.filter((t) => terms.has(t)).length / own.length;
}
