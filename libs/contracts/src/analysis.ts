import { z } from 'zod';

/** A caption segment, times in seconds. */
export const transcriptSegmentSchema = z.object({
  text: z.string(),
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
});

/** A quote: verbatim transcript text with its times (the Viral Cut clip). */
export const quoteSchema = z.object({
  id: z.string(),
  content: z.string().min(1),
  startTime: z.number().nonnegative(),
  endTime: z.number().nonnegative(),
});

/** A topic: a title, a time range (the Full Topic clip) and its quotes. */
export const topicSchema = z.object({
  id: z.string(),
  title: z.string().min(1),
  startTime: z.number().nonnegative(),
  endTime: z.number().nonnegative(),
  quotes: z.array(quoteSchema),
});

export const topicsSchema = z.array(topicSchema);

/** What the CLI prints and every provider returns before ids are given. */
export const analysisOutputSchema = z.object({
  topics: z.array(
    z.object({
      title: z.string(),
      startTime: z.number(),
      endTime: z.number(),
      quotes: z.array(z.object({ content: z.string(), startTime: z.number(), endTime: z.number() })),
    }),
  ),
});

export const analysisStatuses = ['pending', 'analyzing', 'complete', 'failed'] as const;
export const analysisProviders = ['local', 'openai', 'grok', 'gemini'] as const;

export type TranscriptSegment = z.infer<typeof transcriptSegmentSchema>;
export type Quote = z.infer<typeof quoteSchema>;
export type Topic = z.infer<typeof topicSchema>;
export type AnalysisOutput = z.infer<typeof analysisOutputSchema>;
export type AnalysisStatus = (typeof analysisStatuses)[number];
export type AnalysisProviderName = (typeof analysisProviders)[number];
export const isAnalysisProvider = (name: string): name is AnalysisProviderName =>
  (analysisProviders as readonly string[]).includes(name);
