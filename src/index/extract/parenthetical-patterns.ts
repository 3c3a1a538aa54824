import { isAcronymOf, looksLikeAcronym } from "../resolve/acronyms.js";
import { canonicalName } from "./canonical.js";
import type { EntityMention, MentionSpan, TaggedSentence, Token } from "./entity-extractor.js";
import type { PatternTriple } from "./relation-patterns.js";

/** "X (born 8 December 1982)", "X (d. 851)": born / died with a DATE object. */
export function parentheticals(s: TaggedSentence, spans: readonly MentionSpan[]): PatternTriple[] {
  const out: PatternTriple[] = [];
  for (const a of spans) {
    if (s.tokens[a.end]?.text !== "(") continue;
    const inside: Token[] = [];
    for (let i = a.end + 1; i < s.tokens.length && s.tokens[i]?.text !== ")"; i++) {
      const t = s.tokens[i];
      if (t) inside.push(t);
    }
    const head = inside[0]?.text.toLowerCase() ?? "";
    const predicate =
      head === "born" || head === "b." ? "born" : head === "died" || head === "d." ? "died" : "";
    const rest = inside.slice(1);
    const stop = rest.findIndex((t) => t.pos === "ADP" || t.text === ";");
    const date = (stop < 0 ? rest : rest.slice(0, stop))
      .map((t) => t.text)
      .join(" ")
      .split(/\s[;,]\s(?!\d)/)[0]
      ?.replace(/ ,/g, ",")
      .trim();
    if (!predicate || !date || !/\d/.test(date)) continue;
    const canonical = canonicalName(date);
    if (canonical) {
      const object: EntityMention = { name: date, canonical, type: "DATE" };
      out.push({ subject: a.mention, predicate, object, confidence: 0.8, kind: "date" });
    }
  }
  return out;
}

/**
 * "Federal Aviation Administration (FAA)", "FAA (Federal Aviation Administration)",
 * "Центральный банк Российской Федерации (ЦБ РФ)": the short form is an alias of the long one.
 */
export function acronymAliases(s: TaggedSentence): PatternTriple[] {
  const out: PatternTriple[] = [];
  const t = s.tokens;
  const mentionOf = (from: number, to: number): EntityMention | undefined => {
    const span = s.spans.find((x) => x.start === from && x.end === to);
    if (span) return span.mention.type === "DATE" ? undefined : span.mention;
    const name = t
      .slice(from, to)
      .map((x) => x.text)
      .join(" ");
    const canonical = canonicalName(name);
    return canonical.length > 1 ? { name, canonical, type: "NAME" } : undefined;
  };
  for (let open = 1; open < t.length; open++) {
    if (t[open]?.text !== "(") continue;
    const close = t.findIndex((x, i) => i > open && x.text === ")");
    if (close < 0 || close - open > 12) continue;
    const inner = { from: open + 1, to: close };
    const innerText = t.slice(inner.from, inner.to).map((x) => x.text);
    let long: EntityMention | undefined;
    let short: EntityMention | undefined;
    if (looksLikeAcronym(innerText.join(" "))) {
      for (let from = open - 2; from >= Math.max(0, open - 10) && !long; from--) {
        const words = t.slice(from, open);
        if (words.some((x) => x.pos === "PUNCT")) break;
        if (!/^\p{Lu}/u.test(words[0]?.text ?? "")) continue;
        if (isAcronymOf(innerText.join(" "), words.map((x) => x.text).join(" "))) {
          long = mentionOf(from, open);
          short = mentionOf(inner.from, inner.to);
        }
      }
    } else if (isAcronymOf(t[open - 1]?.text ?? "", innerText.join(" "))) {
      long = mentionOf(inner.from, inner.to);
      short = mentionOf(open - 1, open);
    }
    if (long && short && long.canonical !== short.canonical) {
      out.push({ subject: short, predicate: "alias of", object: long, confidence: 0.9, kind: "alias" });
    }
  }
  return out;
}
