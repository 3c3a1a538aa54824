import { z } from "zod";
import { MAX_COMMENT } from "../../service/feedback-log.js";
import type { ServerContext } from "../app-env.js";
import { ErrorBodySchema } from "../http-error.js";
import { defineRoute } from "../route.js";

export const FeedbackRequestSchema = z
  .strictObject({
    trace_id: z.string().regex(/^tr_[0-9a-f]{32}$/, "not a trace id"),
    helpful: z.boolean().optional(),
    /** "S3" as the answer cites it, or the cited chunk's id. */
    clicked_citation: z.string().min(1).max(500).optional(),
    comment: z.string().trim().min(1).max(MAX_COMMENT).optional(),
  })
  .refine((b) => b.helpful !== undefined || b.clicked_citation !== undefined || b.comment !== undefined, {
    error: "give helpful, clicked_citation or comment",
  });

/**
 * POST /v1/feedback: a user's verdict on an answer, appended to the feedback log. The trace id must
 * be one the log recorded (every answered query is logged with its question and citations), so
 * each feedback line can be exported with its question; an unknown one is 404.
 */
export function feedbackRoutes(ctx: ServerContext) {
  return [
    defineRoute({
      method: "post",
      path: "/v1/feedback",
      summary: "Record feedback on an answer: helpful or not, a clicked citation, a comment",
      tag: "query",
      body: FeedbackRequestSchema,
      responses: {
        201: { description: "recorded", schema: z.object({ id: z.string() }) },
        400: {
          description: "malformed request or a citation the answer does not have",
          schema: ErrorBodySchema,
        },
        404: { description: "no logged query with that trace id", schema: ErrorBodySchema },
      },
      handler: (c, { body }) => c.json(ctx.engine().feedback.addFeedback(body), 201),
    }),
  ];
}
