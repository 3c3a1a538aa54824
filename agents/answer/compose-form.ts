import type { Evidence } from "../../src/retrieval/context-bundle.js";
import type { Draft } from "../schemas.js";
import type { ExpectedAnswer } from "./answer-type.js";
import { composeChange } from "./compose-change.js";
import { composeContents } from "./compose-contents.js";
import { composeContrast } from "./compose-contrast.js";
import { composeExtreme } from "./compose-extreme.js";
import { composeRowExtreme } from "./compose-row-extreme.js";
import { composeSides } from "./compose-sides.js";
import { pairOf } from "./read-pair.js";

/**
 * The composers of questions whose form says how to answer them, tried before the general
 * candidate reader (compose-answer.ts): pairs of named things, a table's extremes and changes, two
 * sides or a contrast, a chapter's contents. The first that answers wins; null when none does. Pure.
 */
export function composeForm(
  question: string,
  evidence: readonly Evidence[],
  expected: ExpectedAnswer,
): { draft: Draft; reason: string } | null {
  const paired = pairOf(question, evidence);
  if (paired) return paired;
  // "In which year did X peak?": the row's largest (or smallest) column.
  const extreme = composeExtreme(question, evidence);
  if (extreme) return { draft: extreme, reason: `extreme: ${extreme.short_answer}` };
  // "Which X is the cheapest?": the row with the extreme amount in the column that says what.
  const topRow = composeRowExtreme(question, evidence);
  if (topRow) return { draft: topRow, reason: `row extreme: ${topRow.short_answer}` };
  // "How did X change from 2019 to 2021?": one row's two columns, both values and the change.
  const change = expected.type === "comparison" ? composeChange(question, evidence) : null;
  if (change) return { draft: change, reason: `change: ${change.short_answer}` };
  // "How do the defaults differ between A and B?": each side from the passage headed by it.
  const sides = composeSides(question, evidence);
  if (sides) return { draft: sides, reason: "sides: each side's own passage" };
  // "How does A differ from B?" in one passage: the sentence about A that draws the contrast.
  const contrast = composeContrast(question, evidence);
  if (contrast) return { draft: contrast, reason: "contrast: the sentence that sets A apart" };
  // "What topics does the first chapter cover?": its sections, read from a table of contents.
  const contents = composeContents(question, evidence);
  return contents ? { draft: contents, reason: "contents: the chapter's sections" } : null;
}
