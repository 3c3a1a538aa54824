/**
 * The code identifiers a question names: snake_case names, module paths (a::b), flags (--name),
 * dotted paths and file names (gfmrag.workflow.qa, qa_inference.yaml). A user who pastes one wants
 * the passages that write it; dense retrieval blurs it into its words, a word search finds it
 * exactly. Prose names (CamelCase products, capitalised words) are left to the other searches. Pure.
 */
const IDENTIFIER =
  /(?<![\w.-])(?:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?:\.[a-z]\w*)*|[A-Za-z]\w*(?:::\w+)+|--?[a-z][a-z0-9]*(?:-[a-z0-9]+)+|--[a-z][a-z0-9]+|[a-z]\w*(?:\.[a-z]\w*){2,}|[a-z]\w*\.(?:ya?ml|json|toml|py|ts|js|md|mdx|sh|txt|csv|cfg|ini))(?![\w-])/g;

export function identifiersIn(question: string): string[] {
  return [...new Set(question.match(IDENTIFIER) ?? [])];
}
