import { z } from "zod";
import type { AnyRoute } from "./route.js";

type JsonObject = Record<string, unknown>;

/** OpenAPI 3.1 from the routes' zod schemas: the same schemas validate requests, so the document cannot drift. */
export function buildOpenApi(
  routes: readonly AnyRoute[],
  info: { version: string; auth: boolean },
): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const r of routes) {
    const path = r.path.replace(/:(\w+)/g, "{$1}");
    const op: JsonObject = {
      operationId: operationId(r),
      summary: r.summary,
      tags: [r.tag],
      parameters: [...params(r.params, "path"), ...params(r.query, "query")],
      responses: Object.fromEntries(
        Object.entries(r.responses).map(([status, res]) => [
          status,
          {
            description: res.description,
            ...(res.schema
              ? {
                  content: {
                    "application/json": { schema: schemaOf(res.schema, "output") },
                    ...(r.path.endsWith("/query") || r.path.endsWith("/completions")
                      ? { "text/event-stream": { schema: { type: "string" } } }
                      : {}),
                  },
                }
              : {}),
          },
        ]),
      ),
      ...(r.open || !info.auth ? {} : { security: [{ bearer: [] }] }),
    };
    if (r.body) {
      const json = { schema: schemaOf(r.body, "input") };
      op.requestBody = {
        required: true,
        content:
          r.bodyType === "multipart/form-data"
            ? {
                "multipart/form-data": {
                  schema: {
                    type: "object",
                    properties: { file: { type: "array", items: { type: "string", format: "binary" } } },
                    required: ["file"],
                  },
                },
                "application/json": json,
              }
            : { "application/json": json },
      };
    }
    paths[path] = { ...(paths[path] ?? {}), [r.method]: op };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "agentic-graph-rag",
      version: info.version,
      description:
        'Cited, verified answers over a structure-aware knowledge graph. Errors are {"error": {"code", "message"}}.',
    },
    paths,
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
  };
}

function schemaOf(schema: z.ZodType, io: "input" | "output"): JsonObject {
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonObject;
  delete json.$schema;
  return json;
}

function params(schema: z.ZodType | undefined, where: "path" | "query"): JsonObject[] {
  if (!schema) return [];
  const json = schemaOf(schema, "input");
  const props = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: s,
  }));
}

function operationId(r: AnyRoute): string {
  const words = r.path
    .split("/")
    .filter((p) => p && p !== "v1")
    .map((p) => (p.startsWith(":") ? `by_${p.slice(1)}` : p));
  return [r.method, ...words].join("_").replace(/[^\w]/g, "_");
}
