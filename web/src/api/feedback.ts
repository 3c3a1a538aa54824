import { postJson } from "./client";
import { FeedbackAcceptedSchema } from "./schemas";

export interface FeedbackBody {
  trace_id: string;
  helpful?: boolean;
  clicked_citation?: string;
}

/** POST /v1/feedback: the server logs it beside the answer's question and citations. */
export const sendFeedback = (body: FeedbackBody) => postJson(FeedbackAcceptedSchema, "/v1/feedback", body);
