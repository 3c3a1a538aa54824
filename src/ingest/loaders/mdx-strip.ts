/**
 * Fallback for MDX that the MDX parser rejects: removes import/export statements, JSX tag
 * lines and `{/* comments *\/}` outside code fences, so the rest parses as plain Markdown.
 */
export function stripMdxSyntax(source: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  let skipUntil: RegExp | null = null;
  for (const line of source.split(/\r?\n/)) {
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (fenceMatch?.[1]?.startsWith(fence)) fence = null;
      kept.push(line);
      continue;
    }
    if (skipUntil !== null) {
      if (skipUntil.test(line)) skipUntil = null;
      continue;
    }
    if (fenceMatch?.[1]) {
      fence = fenceMatch[1];
      kept.push(line);
    } else if (/^\s*(import|export)\s/.test(line)) {
      // A multi-line import ends at its `from '...'` (or a statement-ending `;`).
      if (!/\bfrom\s+["']|;\s*$/.test(line) && /^\s*import\s/.test(line)) skipUntil = /\bfrom\s+["']/;
    } else if (/^\s*(<\/?[A-Z][\w.]*(\s|>|\/|$)|<\/?>)/.test(line)) {
      // A tag left open on this line runs until a line that ends the tag.
      if (!line.includes(">")) skipUntil = />\s*$/;
      else {
        const rest = line.replace(/<\/?([A-Z][\w.]*)?(\s[^<>]*)?\/?>/g, "").trim();
        if (rest !== "") kept.push(rest);
      }
    } else if (/^\s*\{\/\*.*\*\/\}\s*$/.test(line)) {
      // MDX comment line
    } else kept.push(line);
  }
  return kept.join("\n");
}
