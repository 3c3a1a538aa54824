import { escapeRegExp } from "../text.js";
import type { ExpectedAnswer } from "./answer-type.js";

/** Statement candidates' shape features for scoreCandidate: what a definition, a reason, a command looks like. Pure. */

/** What a statement answer of each kind looks like: a definition, a reason, a command. */
export const SHAPE: Partial<Record<ExpectedAnswer["type"], RegExp>> = {
  definition:
    /^[^,]{0,80}\b(?:is|are|refers to|means|is defined as|represents?)\b (?:a|an|the|one)?\b|^.{0,60}\s[-—–]\s|\b(?:describes?|defines?|identifies|characteri[sz]es)\b[^.]{0,60}\bas\b|\b(?:described|defined|identified|characteri[sz]ed|known)\s+as\b/i,
  reason:
    /\b(?:because|due to|since|so that|in order to|as a result|the reason|therefore|thus|driven by|primarily|this (?:allows|ensures|prevents))\b|потому что|из-за|так как/i,
  code: /^(?:run|use|call|execute|type|enter)\b|`[^`]+`|\$ |--[a-z]|\w+::\w+|\w+_\w+\(/,
  list: /:\s*\S.*,.*,|\b(?:include|including|such as|consist of|are)\b.*,/i,
};

/**
 * The asked phrase followed by what it is: "the condition as …", "the problem is …", "risk: …";
 * or an acronym spelled out: "… Row and Column Access Control (RCAC)".
 */
export function definesAsked(text: string, asked: string): boolean {
  // An acronym is defined by its spelling out ("RCAC as a part of …" says nothing of what it is).
  if (/^[A-Z][A-Z\d]{1,7}$/.test(asked)) return spellsOut(text, asked);
  const phrase = escapeRegExp(asked).replace(/\s+/g, "\\s+");
  return new RegExp(
    `\\b${phrase}s?\\s*(?:\\bas\\b|\\bis\\b|\\bwas\\b|\\bare\\b|\\bwere\\b|:)\\s*\\S`,
    "i",
  ).test(text);
}

/** Capitalised words right before the acronym in brackets, one word for each of its letters or so. */
function spellsOut(text: string, acronym: string): boolean {
  const words = "\\p{Lu}[\\p{L}-]*(?:\\s+(?:\\p{Lu}[\\p{L}-]*|and|of|for|the|to|in|on|&)){1,8}";
  return new RegExp(`${words}\\s*\\(${acronym}s?\\)`, "u").test(text);
}
