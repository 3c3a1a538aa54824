/**
 * A role the question asks for makes the answer a person: "under which United States Vice
 * President?", "which former coach", "the name of the singer who …". The words before the role are
 * capitalised or of time only: "which film has the director …" asks a film. A pattern for
 * answer-type.ts; general English, pure data.
 */
const ROLES =
  "president|vice president|king|queen|emperor|empress|monarch|manager|coach|singer|actor|actress|director|producer|composer|writer|novelist|poet|painter|governor|senator|mayor|minister|chancellor|premier|pope|vocalist|songwriter|screenwriter|founder|chairman|ceo|husband|wife|spouse|son|daughter|brother|sister|father|mother";
const bothCases = (w: string) => w.replace(/\b\p{Ll}/gu, (c) => `[${c}${c.toUpperCase()}]`);
export const ROLE_ASKED = new RegExp(
  `\\b(?:[Ww](?:hich|hat)|[Ww]hat(?:'s| is| was) the name of the) (?:(?:former|current|then|later|first|last|other|fellow|future|\\p{Lu}[\\p{L}.-]*) ){0,3}(?:${ROLES.split("|").map(bothCases).join("|")})s?\\b(?!['’])`,
  "u",
);
