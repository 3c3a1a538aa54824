import { z } from "zod";

/** One member passage handed to a summarizer. */
export interface SummarySource {
  section_id: string;
  title: string;
  text: string;
}

export const CommunitySummarySchema = z.object({
  text: z.string().min(1),
  /** Section ids the summary draws on. */
  sections: z.array(z.string()),
});
export type CommunitySummary = z.infer<typeof CommunitySummarySchema>;

/** Writes a community summary; `id` enters the cache key, so switching summarizers re-summarises. */
export interface CommunitySummarizer {
  id: string;
  source: "extractive" | "llm";
  summarize(input: {
    title: string;
    top_terms: readonly string[];
    sources: readonly SummarySource[];
  }): Promise<CommunitySummary>;
}
