const MAX_CHOICE_CHARS = 300;

/** The two options of a choice question ("…, A or B?", "out of A and B?") and where they start. */
export function choiceOptions(question: string): { options: [string, string]; index: number } | null {
  // The patterns are cubic in the length on adversarial input (", a or " repeated): questions are short.
  if (question.length > MAX_CHOICE_CHARS) return null;
  const m =
    question.match(/,\s*(.+?)\s+or\s+(.+?)\s*\?$/) ??
    question.match(/\b(?:out of|between)\s+(.+?)\s+(?:and|or)\s+(.+?)\s*\?$/i) ??
    // "who is younger A or B ?": the comparison word, then the two names with no comma
    question.match(
      /^(?:who|which)\s+(?:is|was|are|were)\s+(?:older|younger|the\s+oldest|the\s+youngest)\s+(.+?)\s+or\s+(.+?)\s*\?$/i,
    ) ??
    // "Was A or B born first?"
    question.match(
      /^(?:was|were|is|did)\s+(.+?)\s+or\s+(.+?)\s+(?:born|released|founded|established|formed|published|created|died|die)\b/i,
    );
  if (!m?.[1] || !m[2]) return null;
  return { options: [m[1].trim(), m[2].trim()], index: m.index ?? 0 };
}
