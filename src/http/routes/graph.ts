import { z } from "zod";
import { EdgeTypeSchema, GraphEdgeSchema } from "../../domain/graph-edge.js";
import { GraphNodeSchema } from "../../domain/graph-node.js";
import type { ServerContext } from "../app-env.js";
import { ErrorBodySchema, HttpError } from "../http-error.js";
import { defineRoute } from "../route.js";

const NodeIdParams = z.object({ id: z.string().min(1).max(512) });

const NeighboursQuery = z.object({
  /** Comma-separated edge types; none = all. */
  edge_type: z
    .string()
    .optional()
    .transform((s, ctx) => {
      const types = (s ?? "")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
      const parsed = z.array(EdgeTypeSchema).safeParse(types);
      if (!parsed.success) {
        ctx.addIssue({
          code: "custom",
          message: `unknown edge type; known: ${EdgeTypeSchema.options.join(", ")}`,
        });
        return z.NEVER;
      }
      return parsed.data;
    }),
  direction: z.enum(["out", "in", "both"]).default("both"),
  depth: z.coerce.number().int().min(1).max(3).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const SubgraphSchema = z.object({ nodes: z.array(GraphNodeSchema), edges: z.array(GraphEdgeSchema) });

const GraphStatsSchema = z.object({
  backend: z.enum(["embedded", "neo4j"]),
  nodes: z.record(z.string(), z.number().int().nonnegative()),
  edges: z.record(z.string(), z.number().int().nonnegative()),
});

/** Read-only graph views for explorers: one node, its neighbours by edge type, label/type counts. */
export function graphRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "get",
      path: "/v1/graph/nodes/:id",
      summary: "One node by id",
      tag: "graph",
      params: NodeIdParams,
      responses: {
        200: { description: "the node", schema: GraphNodeSchema },
        404: { description: "no such node", schema: ErrorBodySchema },
      },
      handler: async (c, { params }) => {
        const node = await ctx.engine().store.getNode(params.id);
        if (!node) throw new HttpError(404, "not_found", `no node ${params.id}`);
        return c.json(node);
      },
    }),
    defineRoute({
      method: "get",
      path: "/v1/graph/nodes/:id/neighbours",
      summary: "Nodes and edges around a node, filtered by edge type and direction (1–3 hops)",
      tag: "graph",
      params: NodeIdParams,
      query: NeighboursQuery,
      responses: {
        200: { description: "the subgraph (the node itself included)", schema: SubgraphSchema },
        404: { description: "no such node", schema: ErrorBodySchema },
      },
      handler: async (c, { params, query }) => {
        const { store } = ctx.engine();
        if (!(await store.getNode(params.id))) throw new HttpError(404, "not_found", `no node ${params.id}`);
        const sub = await store.traverse([params.id], {
          ...(query.edge_type.length ? { edgeTypes: query.edge_type } : {}),
          direction: query.direction,
          depth: query.depth,
          limit: query.limit,
        });
        return c.json(sub);
      },
    }),
    defineRoute({
      method: "get",
      path: "/v1/graph/stats",
      summary: "Node counts per label and edge counts per type",
      tag: "graph",
      responses: { 200: { description: "counts", schema: GraphStatsSchema } },
      handler: async (c) => {
        const { store } = ctx.engine();
        const counts = await store.counts();
        const nodes: Record<string, number> = {};
        const edges: Record<string, number> = {};
        for (const n of counts.nodes) nodes[n.label] = (nodes[n.label] ?? 0) + n.count;
        for (const e of counts.edges) edges[e.type] = (edges[e.type] ?? 0) + e.count;
        return c.json({ backend: store.backend, nodes, edges });
      },
    }),
  ];
}
