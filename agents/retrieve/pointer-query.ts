/**
 * A question that points at where its answer is written ("… and points to the business
 * combinations note. What total purchase price does that note give?", "According to the debt
 * note, …", "… detailed in Note 15"): its whole text retrieves the passage it paraphrases (the
 * pointer's source), rarely the one pointed at. The pointer query asks the pointed source for the
 * asking sentence, with the names the context gives. Pure; null when the question points nowhere.
 */

// "the <up to three words> note|section|chapter…" (a note is singular: "the 2025 Notes" are
// securities, not a part of the document), or a numbered part: "Note 15", "Item 7A", "Section 3.2".
const DESCRIBED =
  /\b(?:the|that|this|its|their)\s+((?:[\p{L}&][\p{L}&'’-]*\s+){1,3}?)(note|section|chapter|appendix|exhibit|schedule)\b/giu;
const NUMBERED = /\b(?:Note|Item|Section|Chapter|Appendix|Exhibit|Part|Schedule)\s+\d+[A-Z]?(?:\.\d+)*\b/gu;
// Words a description of a part never is: determiners and quantities ("the same section", "the next note").
const NOT_A_NAME =
  /^(?:same|next|previous|following|above|below|first|last|other|whole|entire|new|following)$/i;

export function pointerQuery(question: string): string | null {
  const q = question.replace(/\s+/g, " ").trim();
  const pointers: { text: string; at: number }[] = [];
  for (const m of q.matchAll(DESCRIBED)) {
    const words = (m[1] ?? "").trim();
    if (words.split(" ").some((w) => NOT_A_NAME.test(w))) continue;
    pointers.push({ text: `${words} ${m[2]}`.toLowerCase(), at: m.index ?? 0 });
  }
  for (const m of q.matchAll(NUMBERED)) pointers.push({ text: m[0], at: m.index ?? 0 });
  if (pointers.length === 0) return null;
  // The source last named is the one the asking part reads from ("The Business section says X and
  // points to the business combinations note": the note).
  const pointer = pointers.sort((a, b) => b.at - a.at)[0]?.text ?? "";
  const sentences = q.split(/(?<=[.!?])\s+(?=[\p{Lu}"“])/u);
  const focus = sentences.findLast((s) => s.includes("?")) ?? q;
  const context = sentences.filter((s) => s !== focus).join(" ");
  // The context's names (capitalised words not opening a sentence), not its wording.
  const names = [
    ...new Set(
      [...context.matchAll(/(?<![.!?]\s|^)(?<![\p{L}\d&'’-])\p{Lu}[\p{L}\d&'’-]*/gu)]
        .map((m) => m[0].replace(/['’]s$/, ""))
        // A pointer's own words ("The Overview section") name a part, not a thing.
        .filter((w) => !pointers.some((p) => p.text.toLowerCase().split(" ").includes(w.toLowerCase()))),
    ),
  ];
  return [pointer, ...names, focus].join(" ").trim();
}
