import neo4j from "neo4j-driver";
import type { PropValue } from "../store/neo4j/records.js";

/**
 * Rows packed into one Cypher string literal, decoded by the statement itself with split(),
 * toInteger() and friends (no APOC). Why: Neo4j plans a statement whose values are list and map
 * literals anew every time (seconds per 500 rows here), while a single string literal is
 * extracted as a parameter, so every batch of one label reuses the first batch's plan (tens of
 * milliseconds). The script stays parameter-free and runs in any Cypher client.
 *
 * Layout: rows joined by RS, fields by US, list items by GS; each value starts with a type tag
 * (s string, i integer, f float, b boolean, n null, e empty list; S I F B lists of those). The
 * three separators and the escape character inside data are escaped as ESC + one letter.
 */
export const RS = "\u001e";
export const US = "\u001f";
export const GS = "\u001d";
const ESC = "\u0001";
const ESCAPES: Record<string, string> = { [ESC]: "e", [GS]: "g", [RS]: "r", [US]: "f" };

export const escapeField = (s: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the separators are control characters
  s.replace(/[\u0001\u001d\u001e\u001f]/g, (c) => ESC + ESCAPES[c]);

const float = (v: number): string => String(v);
const bool = (v: boolean): string => (v ? "1" : "0");

/** One value as a tagged field. Values come from the Neo4j store's encoder, so lists are homogeneous. */
export function encodeField(v: PropValue | undefined): string {
  if (v === null || v === undefined) return "n";
  if (neo4j.isInt(v)) return `i${v.toString()}`;
  if (typeof v === "string") return `s${escapeField(v)}`;
  if (typeof v === "boolean") return `b${bool(v)}`;
  if (typeof v === "number") return Number.isFinite(v) ? `f${float(v)}` : "n";
  if (v.length === 0) return "e";
  const items = v as unknown[];
  if (items.every((x) => typeof x === "string"))
    return `S${items.map((x) => escapeField(x as string)).join(GS)}`;
  if (items.every((x) => typeof x === "boolean")) return `B${items.map((x) => bool(x as boolean)).join(GS)}`;
  if (items.every((x) => neo4j.isInt(x))) return `I${items.map(String).join(GS)}`;
  return `F${items.map((x) => float(Number(x))).join(GS)}`;
}

/** Cypher text of a one-character string (the separators, written as escapes). */
const lit = (c: string): string => `'\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}'`;

/** Cypher: the escaped text `x` back to what it was. */
export const unescapeExpr = (x: string): string =>
  `replace(replace(replace(replace(${x}, ${lit(ESC)} + 'f', ${lit(US)}), ${lit(ESC)} + 'r', ${lit(RS)}), ` +
  `${lit(ESC)} + 'g', ${lit(GS)}), ${lit(ESC)} + 'e', ${lit(ESC)})`;

/** Cypher: the tagged field `x` back to its typed value. */
export function decodeExpr(x: string): string {
  const body = `substring(${x}, 1)`;
  const items = `split(${body}, ${lit(GS)})`;
  return (
    `CASE left(${x}, 1) WHEN 's' THEN ${unescapeExpr(body)} WHEN 'i' THEN toInteger(${body}) ` +
    `WHEN 'f' THEN toFloat(${body}) WHEN 'b' THEN ${body} = '1' WHEN 'e' THEN [] ` +
    `WHEN 'S' THEN [y IN ${items} | ${unescapeExpr("y")}] WHEN 'I' THEN [y IN ${items} | toInteger(y)] ` +
    `WHEN 'F' THEN [y IN ${items} | toFloat(y)] WHEN 'B' THEN [y IN ${items} | y = '1'] ELSE null END`
  );
}

/** The statement's opening: the packed rows, one `f` (list of fields) per row. */
export const unpackRows = (payload: string): string =>
  `WITH ${payload} AS data UNWIND split(data, ${lit(RS)}) AS line WITH split(line, ${lit(US)}) AS f`;

/** Cypher map of `keys` whose values are the tagged fields from index `first` on. */
export const decodedMap = (keys: readonly string[], first: number): string =>
  `{${keys.map((k, i) => `${cypherKey(k)}: ${decodeExpr(`f[${first + i}]`)}`).join(", ")}}`;

/** A map key or label: bare when it is an identifier, else in backticks (a backtick doubled). */
export const cypherKey = (k: string): string =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? k : `\`${k.replaceAll("`", "``")}\``;
