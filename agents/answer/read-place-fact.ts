import { splitSentences } from "../text.js";

/**
 * Where a place lies, read from its own passage's first sentence: "Johnnycake is an unincorporated
 * community in McDowell County, West Virginia, United States." The county is the name ending in
 * "County" (likewise district, province, region, parish); the state the name after the county; the
 * country the widest place, named last. Null when the sentence does not say. Pure.
 */
// A word ends at a full stop unless it is "St." ("St. Louis"): "Kansas." ends the sentence.
const WORD = "(?:St\\.|[\\p{Lu}][\\p{L}'’-]*)";
const NAME = `${WORD}(?:\\s+(?:of\\s+|de\\s+)?${WORD})*`;

// A part of a country: "the Eastern Region of", "the north-west province of".
const UNIT =
  "[Rr]egion|[Pp]rovince|[Dd]istrict|[Dd]epartment|[Gg]overnorate|[Mm]unicipality|[Pp]refecture|[Oo]blast|[Cc]anton|[Pp]art";

export function placeOf(text: string, kind: string): string | null {
  const first = (splitSentences(text)[0] ?? text).replace(/\([^)]*\)/g, " ").replace(/\s+/g, " ");
  // Only the part after the subject's "is a … in": the subject's own name is not where it lies.
  const after = first.match(/\b(?:is|was|are|were|lies|located|situated)\b(.*)$/)?.[1];
  if (!after) return null;
  if (/^(?:county|district|province|region|parish)$/.test(kind)) {
    const unit = kind[0]?.toUpperCase() + kind.slice(1);
    return after.match(new RegExp(`(${NAME}\\s+${unit})\\b`, "u"))?.[1] ?? null;
  }
  // "a town in the Eastern Region of Norland", "a village in the Marsh-Vale region of Eastland":
  // the country is the place the region is a part of, named last.
  if (kind === "country") {
    const whole = after.match(
      new RegExp(`\\b(?:${UNIT})\\s+of\\s+(?:the\\s+)?(${NAME}(?:,\\s+${NAME})*)`, "u"),
    )?.[1];
    const widest = whole?.split(/,\s+/).at(-1);
    if (widest) return widest;
  }
  // The places listed after the last "in": "in A County, B, C"; two side by side ("in A District
  // and B District, C") both lie in the next.
  const list = after
    .match(new RegExp(`\\bin\\s+(?:the\\s+)?(${NAME}(?:(?:,\\s+|\\s+and\\s+)${NAME})*)`, "gu"))
    ?.at(-1);
  const parts = (list?.replace(/^in\s+(?:the\s+)?/, "") ?? "").split(/,\s+|\s+and\s+/).filter(Boolean);
  if (parts.length === 0) return null;
  if (kind === "country") {
    const widest = parts.at(-1) ?? "";
    // A county or a district alone is a part of the country the sentence does not name.
    return parts.length > 1 || !new RegExp(`\\b(?:County|${UNIT})$`, "u").test(widest) ? widest : null;
  }
  if (kind === "state") {
    const county = parts.findIndex((p) => /\b(?:County|Parish)$/.test(p));
    return county >= 0 && parts.length > county + 1 ? (parts[county + 1] ?? null) : null;
  }
  if (kind === "city") return parts.length > 1 ? (parts[0] ?? null) : null;
  return null;
}
