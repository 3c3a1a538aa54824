/**
 * The shapes of a nested description in a question, as regular expressions: the patterns
 * hop-description.ts reads descriptions with. Pure data.
 */
// A name: capitalised words, digits or a quoted title, with the short function words titles
// carry ("Alexander and the Terrible, Horrible ... Day", "Journal of X"); or a bridge slot "#k".
// A title may end in "!" ("Love, Honor And Oh-Baby!").
const WORD = `(?:[\\p{Lu}\\d][\\p{L}\\d'’.&:-]*!?|#\\d)`;
// A dash joins a title's parts ("Malabimba – The Malicious Whore"). Each comma matches one way only
// (",?\\s+" or a bare ","): two ways to match ", " made a list of names backtrack exponentially.
const GLUE = `(?:,?\\s+(?:(?:of|and|the|de|del|la|le|von|van|in|on|for|to|a|an|no|y|da|di|und|et)\\s+)*|,|\\s+[–—]\\s+)`;
export const NAME = `(?:["“][^"”]{1,80}["”]|${WORD}(?:${GLUE}${WORD})*(?:\\s+\\([^)]{1,40}\\))?)`;
// Up to two words between "of" and the name: "of song X", "of the romantic comedy X".
const KIND = "(?:(?:the|a|an)\\s+)?(?:[\\p{Ll}-]+\\s+){0,2}?";
// "the first president of <name>", "the place of birth of <name>" (1–4 words before "of").
const HEAD_WORD = "(?!(?:which|that|who|whom|whose|where|when|of)\\b)[\\p{Ll}-]+";
export const OF_DESC = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+(?:of\\s+)?){0,3}?${HEAD_WORD})\\s+of\\s+${KIND}(${NAME})`,
  "u",
);
// "<name>'s (paternal) mother": one or two words after the possessive (which, decided below).
export const POSSESSIVE = new RegExp(`(${NAME})['’]s\\s+([\\p{Ll}-]+)(?:\\s+([\\p{Ll}-]+))?`, "u");
// "the park at which X is located", "the label under which X recorded": a preposition before "which".
// Only before the clause's subject: "under which former Governor" asks, it describes nothing.
const CLAUSE_PREPOSITION = "in|at|on|from|to|for|by|with|under|near|through|during";
const CLAUSE_OPENER = `["“\\p{Lu}\\d#]|(?:the|a|an|his|her|its|their)\\b`;
// "the association which published <...name...>": a relative clause up to the end or a comma.
export const RELATIVE = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+(?:of\\s+)?){0,2}?${HEAD_WORD})\\s+(which|that|who|whom|whose|where|(?:${CLAUSE_PREPOSITION})\\s+which(?=\\s+(?:${CLAUSE_OPENER})))\\s+([^,?;]*?${NAME}[^,?;]*?)(?=[,?;]|$)`,
  "u",
);
// "most", "best", "-est" words, not nouns that end so ("west", "forest", "interest", "contest").
const SUPERLATIVE = `(?:most|least|best|worst|(?!(?:west|forest|interest|contest|harvest|request|guest|test|rest|nest|quest|chest|crest|arrest|protest|conquest|digest|honest|modest)\\b)\\p{Ll}{2,}est)\\b`;
// "the state whose official bird is X", "the continent where most tea grows", "the country with
// the largest forest": a thing described by a clause naming nothing (a kind of place, group or
// work as its head; "with" only before a superlative, else it is a mere attribute).
export const NAMELESS = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+){0,1}?${HEAD_WORD})\\s+(whose|where|with(?=\\s+the\\s+${SUPERLATIVE}))\\s+([^,?;]+?)(?=[,?;]|$)`,
  "u",
);
// "X's city of birth", "X's country of origin": the relation's own "of" phrase, one word.
export const OF_TAIL = /^\s+of\s+([\p{Ll}]+)/u;
// "the country containing X", "the team representing X": a participle before a name. Prepositions
// that end in -ing ("during", "according") are not participles.
export const PARTICIPLE = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+){0,1}?${HEAD_WORD})\\s+((?!(?:during|according|regarding|concerning)\\b)[\\p{Ll}]+ing)\\s+((?:the\\s+)?${NAME})`,
  "u",
);
// "the house built by X", "the film directed by X": a past participle and its agent.
export const PASSIVE = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+){0,1}?${HEAD_WORD})\\s+([\\p{Ll}]+)\\s+by\\s+((?:the\\s+)?${NAME})`,
  "u",
);
// "the Night Lanterns singer", "the Blue Harbour director": a work's name before a person's role.
export const PREMODIFIED = new RegExp(`\\b[Tt]he\\s+(${NAME})\\s+([\\p{Ll}-]+)(?![\\p{L}])`, "u");
// "the country X is located in", "the city X played for": a relative clause without its pronoun,
// a name right after the head and a verb group right after the name.
export const REDUCED = new RegExp(
  `\\b[Tt]he\\s+((?:${HEAD_WORD}\\s+){0,1}?${HEAD_WORD})\\s+(?:the\\s+)?((?!(?:The|A|An)\\b)${NAME})\\s+((?:is|was|are|were|has|had)\\b[^,?;]*|[\\p{Ll}]+ed\\b[^,?;]*|[\\p{Ll}]+s\\s+(?:for|in|at|on|with|from|under)(?![\\p{L}]))(?=[,?;]|$|\\s)`,
  "u",
);
// Roles held over a work or an organisation: such a role holder's kin are read through the holder.
export const WORK_ROLE =
  /^(?:director|producer|performer|composer|author|writer|founder|creator|designer|developer|singer|screenwriter|songwriter|lyricist|illustrator|painter|publisher|architect)$/;
const KIN_WORD = "father|mother|husband|wife|spouse|son|daughter|child|brother|sister|sibling|uncle|aunt";
// "the director of <name>'s father": the kin word right after an of-description's possessive name.
export const KIN_NEXT = new RegExp(`^\\s+(?:${KIN_WORD})\\b`, "u");
