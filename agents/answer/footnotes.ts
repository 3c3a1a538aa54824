/**
 * PDF footnotes read where they are called: "… greater than a certain threshold 13 would cause
 * an alert …" with "13 More than 10 degrees difference for more than 10 seconds." further down
 * the same passage. The note's text replaces its marker, so that the sentence states the value
 * the note gives. A marker is a bare number between two lower-case words, and only a number
 * whose note the passage holds counts ("for 13 days" has no note "13 Days …"). Pure.
 */
const NOTE = /^(\d{1,3}) (\p{Lu}[^\n]{2,300})$/gmu;

export function inlineFootnotes(text: string): string {
  const notes = new Map<string, string>();
  // A note follows the text that calls it: a passage's opening line ("12 Angry Men is …") is none.
  for (const m of text.matchAll(NOTE))
    if ((m.index ?? 0) > 0) notes.set(m[1] ?? "", (m[2] ?? "").trim().replace(/\.$/, ""));
  if (notes.size === 0) return text;
  return text.replace(/(?<=\p{Ll}) (\d{1,3}) (?=\p{Ll})/gu, (marker: string, n: string) => {
    const note = notes.get(n);
    return note ? ` (${note}) ` : marker;
  });
}
