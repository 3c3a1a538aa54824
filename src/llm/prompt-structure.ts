import { PASSAGES_ARE_DATA } from "./delimit-passages.js";

export interface PromptMessage {
  role: string;
  content: string;
}

const DATA_TAG = /<(\/?)(passages|passage|sentence)\b[^>]*>/g;

/**
 * What is wrong with a prompt that carries document text (empty = nothing): the system message
 * must state the data rule, the user message must hold one balanced <passages> block, and every
 * match of `planted` (text known to come from a document) must sit inside a <passage> or
 * <sentence>. A test helper over the prompts a step really sent.
 */
export function promptStructureProblems(messages: readonly PromptMessage[], planted: RegExp): string[] {
  const [system, user] = messages;
  const problems: string[] = [];
  if (!system?.content.includes(PASSAGES_ARE_DATA)) problems.push("system prompt lacks the data rule");
  const text = user?.content ?? "";
  const tags = [...text.matchAll(DATA_TAG)];
  const names = tags.map((m) => `${m[1]}${m[2]}`);
  const count = (name: string) => names.filter((n) => n === name).length;
  if (count("passages") !== 1 || count("/passages") !== 1)
    problems.push(`not one <passages> block: ${names.join(" ")}`);
  if (count("passage") !== count("/passage")) problems.push("unbalanced <passage> tags");
  for (const hit of text.matchAll(new RegExp(planted.source, "gi"))) {
    const at = hit.index ?? 0;
    const before = tags.filter((m) => (m.index ?? 0) < at).at(-1);
    const inside = before && before[1] === "" && (before[2] === "passage" || before[2] === "sentence");
    if (!inside) problems.push(`"${hit[0]}" at ${at} is outside a passage`);
  }
  for (const m of messages.slice(2))
    if (new RegExp(planted.source, "i").test(m.content))
      problems.push(`document text in a ${m.role} message`);
  return problems;
}
