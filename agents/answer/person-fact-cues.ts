import type { Relation } from "./fact-question.js";

/**
 * The grammar a life's or a work's passage states a fact with, as regex sources for
 * read-person-fact.ts: the cue before the name ("son of", "married", "educated at", "directed by")
 * and the shape of the name itself.
 */

// A name: capitalised words (roman numerals, initials) with the particles names carry, and an
// appositive title "William IV, Landgrave of Hesse-Kassel".
// A word ends at a full stop unless it is an initial ("Albert S. Rogell") or "St.", "Jr.".
export const CAP = "(?:[\\p{Lu}]\\.|(?:St|Jr|Sr|Mt)\\.|[\\p{Lu}][\\p{L}'’-]*)";
export const PARTICLE = "(?:of|the|de|da|di|del|der|van|von|mac|bin|ibn|al|le|la|du|y)";
export const NAME = `${CAP}(?:\\s+(?:${PARTICLE}\\s+)*${CAP})*(?:,\\s+(?:\\d+(?:st|nd|rd|th)\\s+)?${CAP}\\s+of\\s+${CAP}(?:\\s+${CAP})*)?`;
// Up to four words between a cue and its name: "the writer", "Swedish prime minister".
export const SKIP = "(?:(?:[\\p{Ll}][\\p{L}-]*|[\\p{Lu}][\\p{L}]+)\\s+){0,4}?";

export const CUES: Readonly<Record<Relation, readonly string[]>> = {
  father: [
    "\\b(?:[Hh]is|[Hh]er|[Ww]hose|[Tt]heir)\\s+father,?\\s+(?:is\\s+|was\\s+)?",
    "['’]s\\s+father,?\\s+",
    "\\b(?:son|daughter|child|heir)\\s+of\\s+(?:the\\s+)?",
  ],
  mother: [
    "\\b(?:[Hh]is|[Hh]er|[Ww]hose|[Tt]heir)\\s+mother,?\\s+(?:is\\s+|was\\s+)?",
    "['’]s\\s+mother,?\\s+",
    `\\b(?:son|daughter|child)\\s+of\\s+${SKIP}${NAME},?\\s+(?:and|by)\\s+(?:his\\s+wife\\s+|her\\s+husband\\s+|the\\s+)?`,
  ],
  spouse: [
    // Not "consort of": a queen is the consort of a country as often as of a king.
    "\\b(?:married|marriage\\s+to|married\\s+to|wife\\s+of|husband\\s+of|widow\\s+of|his\\s+wife|her\\s+husband)\\b,?\\s+(?:the\\s+)?",
  ],
  child: [
    "\\b(?:his|her|their)\\s+(?:only\\s+|eldest\\s+|elder\\s+|younger\\s+|youngest\\s+)?(?:son|daughter|child)\\b,?\\s+(?:named\\s+)?",
    "\\b(?:a|one)\\s+(?:son|daughter)\\s+named\\s+",
    "\\b(?:father|mother)\\s+of\\s+",
  ],
  birthplace: ["\\b[Bb]orn\\b[^.;()]{0,40}?\\b(?:in|at)\\s+"],
  // A violent death names its place as a death does: "was assassinated by A (…) in Delft".
  deathplace: [
    "\\b(?:[Dd]ied|death|assassinated|killed|murdered|executed)\\b[^.;]{0,60}?\\b(?:in|at)\\s+",
    "\\s[–-]\\s[^)]{0,30}?\\bin\\s+",
  ],
  birthdate: [],
  deathdate: [],
  cause: [],
  nationality: [],
  education: [
    "\\b(?:educated|studied|graduated|enrolled|trained)\\b[^.;]{0,30}?\\b(?:at|from|in)\\s+(?:the\\s+)?",
    "\\b(?:attended|alumn(?:us|a)\\s+of)\\s+(?:the\\s+)?",
  ],
  employer: [
    "\\b(?:taught|worked|teaches|works|lectured|employed)\\b[^.;]{0,30}?\\b(?:at|for|by)\\s+(?:the\\s+)?",
    "\\b(?:professor|lecturer|instructor|teacher)\\b[^.;]{0,20}?\\b(?:at|of)\\s+(?:the\\s+)?",
  ],
  maker: [],
  located: [],
};

// The verbs and nouns a work's passage names its maker with, per role asked.
export const MAKER_CUES: Readonly<Record<string, string>> = {
  director: "directed\\s+by",
  performer: "(?:performed|recorded|sung|released)\\s+by|(?:song|single|album|track)\\s+by",
  singer: "(?:performed|recorded|sung|released)\\s+by|(?:song|single|album|track)\\s+by",
  composer: "(?:composed|music|score)\\s+(?:[\\p{Ll}]+\\s+){0,2}?by",
  producer: "produced\\s+by",
  author: "written\\s+by|(?:novel|book|play|poem)\\s+(?:[\\p{L}\\d-]+\\s+){0,3}?by",
  writer: "written\\s+by|(?:novel|book|play|poem)\\s+(?:[\\p{L}\\d-]+\\s+){0,3}?by",
};
