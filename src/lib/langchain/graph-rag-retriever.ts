import type { CallbackManagerForRetrieverRun } from "@langchain/core/callbacks/manager";
import type { Document } from "@langchain/core/documents";
import { BaseRetriever, type BaseRetrieverInput } from "@langchain/core/retrievers";
import type { z } from "zod";
import type { GraphRag } from "../graph-rag.js";
import { parseOptions, type RetrieveOptions, RetrieveOptionsSchema } from "../request-options.js";
import { type EvidenceMetadata, evidenceDocument } from "./evidence-document.js";

export interface GraphRagRetrieverInput extends BaseRetrieverInput, Omit<RetrieveOptions, "signal"> {
  /** An opened graph (`openGraphRag`); the retriever does not close it. */
  rag: GraphRag;
}

/**
 * A LangChain retriever over the graph: each call retrieves a cited ContextBundle (mode, k, token
 * budget, structure expansion and filter as set here) and returns its evidence as Documents whose
 * metadata carries the citation (uri, url#fragment or page + bbox), heading path, chunk id, score
 * and retrieval mode. Usable wherever LangChain takes a retriever (chains, LangGraph nodes, tools).
 */
export class GraphRagRetriever extends BaseRetriever<EvidenceMetadata> {
  static override lc_name() {
    return "GraphRagRetriever";
  }

  lc_namespace = ["agentic_graph_rag", "retrievers"];

  readonly options: z.output<typeof RetrieveOptionsSchema>;
  private readonly rag: GraphRag;

  constructor(fields: GraphRagRetrieverInput) {
    const { rag, mode, k, budget, expand, filter, ...base } = fields;
    // Only LangChain's own fields go up: the opened graph is not a serialisable argument.
    super(base);
    this.rag = rag;
    this.options = parseOptions(RetrieveOptionsSchema, "GraphRagRetriever", {
      ...(mode !== undefined ? { mode } : {}),
      ...(k !== undefined ? { k } : {}),
      ...(budget !== undefined ? { budget } : {}),
      ...(expand !== undefined ? { expand } : {}),
      ...(filter !== undefined ? { filter } : {}),
    });
  }

  override async _getRelevantDocuments(
    query: string,
    _runManager?: CallbackManagerForRetrieverRun,
  ): Promise<Document<EvidenceMetadata>[]> {
    const bundle = await this.rag.retrieve(query, this.options);
    return bundle.evidence.map((e) => evidenceDocument(e, bundle.mode));
  }
}
