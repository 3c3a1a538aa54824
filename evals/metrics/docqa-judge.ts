/**
 * The docqa judge (datasets/docqa/README.md): a reply is correct when it contains one gold string
 * (every string with `answers_all`), case-insensitive, after collapsing whitespace. Our citation
 * markers ("[S1]") are removed first: they are not reply text and could split an answer span.
 */
export function judgeText(text: string): string {
  return text
    .replace(/\s*\[S\d+\]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** True when `reply` contains a gold string (all of them when `all`); a null reply or no gold is wrong. */
export function judgeReply(
  reply: string | null | undefined,
  answers: readonly string[],
  all = false,
): boolean {
  if (reply === null || reply === undefined) return false;
  const golds = answers.map(judgeText).filter((g) => g !== "");
  if (golds.length === 0) return false;
  const hay = judgeText(reply);
  return all ? golds.every((g) => hay.includes(g)) : golds.some((g) => hay.includes(g));
}
