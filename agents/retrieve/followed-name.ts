import { askedHead } from "../answer/asked-head.js";
import { readerStem } from "../answer/reader-terms.js";
import { contentTerms } from "../text.js";

/**
 * The name a read bridge hands the next hop: the one thing that hop's question should be about,
 * so its search and its reading of the bridge's own passage find that thing. Pure.
 */
export function followedName(read: string, subQuestion: string): string {
  // A "where" bridge names the narrowest place first ("Lowbridge, Eastshire"): the next hop
  // asks about that place, and the wider ones after the comma would pull in their own passages.
  // A place named with its region alone ("Paris, Texas") loses the region: the next hop's
  // search still has the rest of its question to tell them apart.
  if (/^where\b/i.test(subQuestion.trim())) return read.split(/,\s+/)[0] ?? read;
  // "CEO of Elmco" for "X was the CEO of which company?": the question's own role is no part of
  // the name; "University of Elm" for "… at which university?" is the name asked, whole.
  const role = /^([^,]+?)\s+of\s+(?:the\s+)?(\p{Lu}.*)$/u.exec(read);
  if (role?.[1] && role[2]) {
    const asked = new Set(contentTerms(subQuestion));
    const head = askedHead(subQuestion);
    const roleTerms = contentTerms(role[1]);
    if (roleTerms.length > 0 && roleTerms.every((t) => asked.has(t) && readerStem(t) !== head))
      return role[2];
  }
  // "George Elm and Jo Vale" (a play's two writers): the next hop follows one person; both names
  // in its question would match neither's own passage. Names of one word ("Simon and Garfunkel")
  // are one name.
  const pair = /^(\p{Lu}\S*(?:\s+\p{Lu}\S*)+)\s+and\s+\p{Lu}\S*(?:\s+\p{Lu}\S*)+$/u.exec(read);
  return pair?.[1] ?? read;
}
