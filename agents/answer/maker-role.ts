import type { QuestionCues } from "./question-cues.js";

/**
 * Which maker of a work a person is, by the participle before "by" ("directed by A, written by
 * B"), against the role the question asks ("What screenwriter co-wrote …?", "Who directed …?").
 * Pure.
 */

// The common roles of a work's makers and their nouns and verb forms (general English).
const ROLE_FORMS: Readonly<Record<string, string>> = {
  write:
    "write wrote written writer screenwriter songwriter author authored penned scripted co-wrote co-written co-writer",
  direct: "direct directed director co-directed co-director",
  produce: "produce produced producer co-produced co-producer",
  compose: "compose composed composer",
  sing: "sing sang sung singer vocalist",
  perform: "perform performed performer",
  create: "create created creator co-created co-creator",
  design: "design designed designer",
  found: "founded founder co-founded co-founder",
  paint: "paint painted painter",
  illustrate: "illustrate illustrated illustrator",
  edit: "edit edited editor",
  publish: "publish published publisher",
  narrate: "narrate narrated narrator",
  develop: "develop developed developer",
};

const ROLE_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(ROLE_FORMS).flatMap(([role, forms]) => forms.split(" ").map((f) => [f, role] as const)),
);

/** The maker roles a text's words name. */
export function makerRoles(text: string): Set<string> {
  const roles = new Set<string>();
  for (const w of text.toLowerCase().match(/[\p{L}]+(?:-[\p{L}]+)?/gu) ?? []) {
    const role = ROLE_OF.get(w.replace(/s$/, "")) ?? ROLE_OF.get(w);
    if (role) roles.add(role);
  }
  return roles;
}

// Participles joined by "and" ("written and illustrated"), then "by".
const PARTICIPLES = "((?:[\\p{L}-]+,?\\s+and\\s+|[\\p{L}-]+,\\s+)*[\\p{L}-]+)\\s+by\\s+";
// "<participle> by A", or a later name of the list: "written by A, B and C".
const BY_LIST = new RegExp(`${PARTICIPLES}(?:[\\p{Lu}][^,;.()]*?(?:,\\s*(?:and\\s+)?|\\s+and\\s+))*$`, "u");
// The makers a question names ("… written and illustrated by Jo Vale"): known, not asked.
const NAMED_MAKER = new RegExp(`${PARTICIPLES}\\S+`, "gu");

/**
 * +0.08 when the person follows "by" after a participle of a role the question asks, -0.08 when
 * the participle names another role ("directed by" for a screenwriter asked); 0 otherwise.
 */
export function makerRoleFit(context: string, at: number, q: QuestionCues): number {
  if (at < 0) return 0;
  const participles = BY_LIST.exec(context.slice(Math.max(0, at - 120), at))?.[1];
  const roles = participles ? makerRoles(participles) : new Set<string>();
  if (roles.size === 0) return 0;
  const asked = makerRoles(q.lower.replace(NAMED_MAKER, " "));
  if (asked.size === 0) return 0;
  return [...roles].some((r) => asked.has(r)) ? 0.08 : -0.08;
}
