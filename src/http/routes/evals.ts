import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { CHART_FILE, EvalReportSchema } from "../../domain/eval-report.js";
import type { ServerContext } from "../app-env.js";
import { ErrorBodySchema, HttpError } from "../http-error.js";
import { defineRoute } from "../route.js";

/** A report folder's name: one path segment, nothing that could climb out of the evals folder. */
const NameSchema = z
  .string()
  .regex(/^[\w][\w.-]{0,127}$/, "not a report name")
  .refine((s) => !s.includes(".."), "not a report name");

export const EvalEntrySchema = z.object({
  name: z.string(),
  /** report.json's modification time, ISO. */
  written_at: z.string(),
  report: EvalReportSchema,
  /** Path of the chart the runner wrote, when there is one. */
  chart: z.string().nullable(),
});

/** Where the server looks for `agr eval --out` folders: <data dir>/evals/<name>/report.json. */
export const evalsDir = (dataDir: string) => join(dataDir, "evals");

/** GET /v1/evals (the latest eval reports, newest first) and GET /v1/evals/:name/chart.svg. */
export function evalRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "get",
      path: "/v1/evals",
      summary:
        "Eval reports written by `agr eval --out <data dir>/evals/<name>`, newest first (unreadable ones are skipped)",
      tag: "operations",
      query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
      responses: {
        200: {
          description: "reports",
          schema: z.object({ dir: z.string(), reports: z.array(EvalEntrySchema) }),
        },
      },
      handler: async (c, { query }) => {
        const dir = evalsDir(ctx.engine().dataDir);
        const names = await readdir(dir).catch(() => [] as string[]);
        const entries = [];
        for (const name of names.filter((n) => NameSchema.safeParse(n).success)) {
          const file = join(dir, name, "report.json");
          const info = await stat(file).catch(() => undefined);
          if (!info?.isFile()) continue;
          const parsed = EvalReportSchema.safeParse(
            await readFile(file, "utf8").then(
              (t) => JSON.parse(t) as unknown,
              () => undefined,
            ),
          );
          if (!parsed.success) continue;
          const chart = await stat(join(dir, name, CHART_FILE)).catch(() => undefined);
          entries.push({
            name,
            written_at: info.mtime.toISOString(),
            report: parsed.data,
            chart: chart?.isFile() ? `/v1/evals/${name}/chart.svg` : null,
          });
        }
        entries.sort((a, b) => b.written_at.localeCompare(a.written_at));
        return c.json({ dir, reports: entries.slice(0, query.limit) });
      },
    }),
    defineRoute({
      method: "get",
      path: "/v1/evals/:name/chart.svg",
      summary: "The recall chart an eval run wrote",
      tag: "operations",
      params: z.object({ name: NameSchema }),
      responses: {
        200: { description: "image/svg+xml" },
        404: { description: "no such report or chart", schema: ErrorBodySchema },
      },
      handler: async (c, { params }) => {
        const svg = await readFile(join(evalsDir(ctx.engine().dataDir), params.name, CHART_FILE)).catch(
          () => {
            throw new HttpError(404, "not_found", `no chart for report ${params.name}`);
          },
        );
        // Shown through <img>, where scripts never run; the CSP also covers opening it directly.
        return c.body(new Uint8Array(svg), 200, {
          "content-type": "image/svg+xml",
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
        });
      },
    }),
  ];
}
