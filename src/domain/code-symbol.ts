import { z } from "zod";

export const CodeSymbolKindSchema = z.enum(["module", "function", "struct", "class", "constant", "api"]);

/** An API, function or module a document defines in its code blocks; scoped to that document. */
export const CodeSymbolNodeSchema = z.object({
  label: z.literal("CodeSymbol"),
  id: z.string(),
  doc_id: z.string(),
  name: z.string(),
  language: z.string(),
  kind: CodeSymbolKindSchema,
});
export type CodeSymbolNode = z.infer<typeof CodeSymbolNodeSchema>;
