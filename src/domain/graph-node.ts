import { z } from "zod";
import { ChunkNodeSchema } from "./chunk.js";
import { CodeSymbolNodeSchema } from "./code-symbol.js";
import { CommunityNodeSchema } from "./community.js";
import { DocumentNodeSchema } from "./document.js";
import { EntityNodeSchema } from "./entity.js";
import { ExtractionRecordNodeSchema } from "./extraction-record.js";
import { FigureNodeSchema } from "./figure.js";
import { LinkRefNodeSchema } from "./link-ref.js";
import { PdfPageNodeSchema } from "./pdf-page.js";
import { RelationNodeSchema } from "./relation.js";
import { SectionNodeSchema } from "./section.js";
import { TableNodeSchema } from "./table.js";
import { UnresolvedRefNodeSchema } from "./unresolved-ref.js";

export const GraphNodeSchema = z.discriminatedUnion("label", [
  DocumentNodeSchema,
  PdfPageNodeSchema,
  SectionNodeSchema,
  ChunkNodeSchema,
  TableNodeSchema,
  FigureNodeSchema,
  CodeSymbolNodeSchema,
  EntityNodeSchema,
  RelationNodeSchema,
  ExtractionRecordNodeSchema,
  LinkRefNodeSchema,
  UnresolvedRefNodeSchema,
  CommunityNodeSchema,
]);
export type GraphNode = z.infer<typeof GraphNodeSchema>;
export type NodeLabel = GraphNode["label"];
export type NodeOf<L extends NodeLabel> = Extract<GraphNode, { label: L }>;
export const NODE_LABELS = GraphNodeSchema.options.map((o) => o.shape.label.value) as NodeLabel[];
