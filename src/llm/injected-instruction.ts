/**
 * Text in a document that speaks to an AI rather than to a reader: "ignore previous
 * instructions…", a forged chat turn ("SYSTEM: …"), chat-template tokens or our prompt
 * delimiters. Prompts carry it as delimited data; an answer never repeats it as if it were a fact.
 */

// Verb … whose instructions … the instructions: "ignore all previous instructions",
// "disregard the above prompt", "forget your rules". The gaps are short, so ordinary prose
// ("ignore the warning in the previous section") does not match.
const OVERRIDE_EN =
  /\b(?:ignore|disregard|forget|override|bypass)\b[^.!?\n]{0,30}?\b(?:previous|prior|preceding|above|earlier|foregoing|all|any|your|system)\b[^.!?\n]{0,20}?\b(?:instructions?|prompts?|rules|directions|directives|guidelines)\b/iu;
const OVERRIDE_RU =
  /(?:игнорир|забуд|не\s+обращай|отмен)\p{L}*[^.!?\n]{0,30}?(?:предыдущ|прежн|вышеизложен|вышеуказан|все|свои|системн)\p{L}*[^.!?\n]{0,20}?(?:инструкц|указани|правил|промпт)\p{L}*/iu;
// A chat turn forged in the text: "SYSTEM: …", "Assistant: …", "### Instruction:".
const ROLE_TURN =
  /^[\s#>*[(]*(?:system|assistant|developer|instruction|instructions)\s*(?:prompt|message)?\s*[\]):]/iu;
// Chat-template tokens, [INST] markers and our own data delimiters have no business in an answer.
const TOKENS =
  /<\s*\||\[\/?INST\]|<<\/?SYS>>|<\s*\/?\s*(?:passages?|sentence)\b|&lt;\/?(?:passages?|sentence)\b/iu;

/** True when a sentence is an instruction to a model planted in a document. Pure. */
export function isInjectedInstruction(sentence: string): boolean {
  return (
    OVERRIDE_EN.test(sentence) ||
    OVERRIDE_RU.test(sentence) ||
    ROLE_TURN.test(sentence) ||
    TOKENS.test(sentence)
  );
}

/**
 * The text without its planted instructions, sentence by sentence (a line break also ends one):
 * what a passage states as fact, for checks that must not count an injected order as support.
 */
export function withoutInjectedInstructions(text: string): string {
  return text
    .split(/(?<=[.!?])\s+|\n+/u)
    .filter((s) => s.trim() !== "" && !isInjectedInstruction(s))
    .join(" ");
}
