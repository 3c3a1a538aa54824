import { createHash } from "node:crypto";
import { NODE_LABELS } from "../../domain/graph-node.js";

/**
 * Workspaces on one Neo4j database (Community Edition has one user database): each workspace
 * gets its own labels (`Chunk__team`), so its own unique-id constraint, full-text and vector
 * indexes, and nothing it matches can be another workspace's. The store's Cypher is written once,
 * for the default workspace; `namespaced` rewrites each statement on its way to the driver:
 *
 * 1. every label of the store (a closed list) after `:`, `|` or `&` becomes the workspace's;
 * 2. index and constraint names (`agr_*`, also as string literals and as $parameter values)
 *    get the workspace's prefix;
 * 3. a node pattern without a label inside a path, `()-[r]->()` or `(a)-[r]->(b)`, and a bare
 *    `MATCH (n)`, gets the workspace's base label, so edges are only ever reached from its own
 *    nodes (the default workspace too: otherwise its edge counts and edge deletes would reach
 *    other workspaces' edges);
 * 4. SHOW INDEXES / SHOW CONSTRAINTS list only the workspace's own, under their default names.
 *
 * The default workspace keeps its labels and names, so existing stores read as before.
 */
export interface Namespace {
  /** undefined = the default workspace. */
  readonly name: string | undefined;
  readonly node: string;
  readonly prefix: string;
}

const STORE_LABELS = ["Node", "AgrMeta", "AgrEmbedding", ...NODE_LABELS];
const LABEL = new RegExp(`([:|&]\\s*)(${STORE_LABELS.join("|")})\\b`, "g");
const NAME = /\bagr_(\w+)/g;
const DDL = /^\s*(CREATE|DROP)\s+(\w+\s+)?(INDEX|CONSTRAINT)\b/i;
/** Namespaced index names start with this; the default workspace's never do. */
const NAMESPACED = "agr_w_";

export function namespaceOf(name: string | undefined): Namespace {
  if (name === undefined || name === "default") return { name: undefined, node: "Node", prefix: "agr_" };
  const hash = createHash("sha256").update(name).digest("hex").slice(0, 6);
  // Index names are bare identifiers: "-" cannot appear, so a short hash keeps "a-b" and "a_b" apart.
  return { name, node: `\`Node__${name}\``, prefix: `${NAMESPACED}${name.replaceAll("-", "_")}_${hash}__` };
}

export function namespaceCypher(cypher: string, ns: Namespace): string {
  const show = /^\s*SHOW\s+(INDEXES|CONSTRAINTS)\s+YIELD\s+(.+?)\s+RETURN\s+(.+)$/is.exec(cypher);
  if (show) return showOwn(show[1] as string, show[2] as string, show[3] as string, ns);
  let out = cypher;
  if (ns.name !== undefined) {
    const suffix = ns.name;
    out = out.replace(LABEL, (_m, sep: string, l: string) => `${sep}\`${l}__${suffix}\``);
    out = out.replace(NAME, (_m, rest: string) => `${ns.prefix}${rest}`);
  }
  if (DDL.test(out)) return out;
  // Only MATCH and WHERE read patterns: in MERGE or CREATE a bound node cannot take a label.
  return out
    .split(CLAUSE)
    .map((part) => (/^(OPTIONAL\s+MATCH|MATCH|WHERE)\b/.test(part) ? ownPaths(part, ns.node) : part))
    .join("");
}

const CLAUSE =
  /(?=\b(?:OPTIONAL\s+MATCH|MATCH|MERGE|CREATE|WITH|RETURN|UNWIND|SET|DELETE|DETACH|REMOVE|CALL|WHERE|ORDER|UNION|FOREACH|LIMIT|YIELD)\b)/;

/** Rule 3 inside one MATCH or WHERE clause. */
function ownPaths(clause: string, base: string): string {
  return (
    clause
      // `()` and `(x)` / `(x {..})` beside a relationship: part of a path pattern.
      .replace(/(?<![\w`])\(\)(?=\s*<?-)/g, `(:${base})`)
      .replace(/(?<=(?:\]-|\]->|--|-->)\s*)\(\)/g, `(:${base})`)
      .replace(/(?<![\w`])\((\w+)(\s*\{[^{}]*\})?\)(?=\s*<?-[-[>])/g, `($1:${base}$2)`)
      .replace(/(?<=(?:\]-|\]->|--|-->)\s*)\((\w+)(\s*\{[^{}]*\})?\)/g, `($1:${base}$2)`)
      .replace(/^((?:OPTIONAL\s+)?MATCH)\s+\((\w+)\)(?!\s*<?-)/, `$1 ($2:${base})`)
  );
}

function showOwn(what: string, yields: string, returns: string, ns: Namespace): string {
  if (!/(^|,)\s*name\s*(,|$)/.test(yields)) return `SHOW ${what} YIELD ${yields} RETURN ${returns}`;
  const own =
    ns.name === undefined
      ? `WHERE NOT name STARTS WITH '${NAMESPACED}'`
      : `WHERE name STARTS WITH '${ns.prefix}'`;
  const renamed = returns.replace(
    /\bname\b(?!\s+AS)/,
    `'agr_' + substring(name, ${ns.prefix.length}) AS name`,
  );
  return `SHOW ${what} YIELD ${yields} ${own} RETURN ${ns.name === undefined ? returns : renamed}`;
}

/** $parameter values that name an index or a constraint follow rule 2. */
export function namespaceParams(params: Record<string, unknown> | undefined, ns: Namespace) {
  if (!params || ns.name === undefined) return params;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params))
    out[k] = typeof v === "string" && /^agr_\w+$/.test(v) ? `${ns.prefix}${v.slice(4)}` : v;
  return out;
}
