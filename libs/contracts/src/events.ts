import { z } from 'zod';
import { analysisEventTypes } from './constants';
import { errorCodes } from './errors';
import { videoIdSchema } from './video-id';

/**
 * A live analysis event. It carries ids and the error, never the topics: clients
 * re-fetch over REST. `userId` is set for a private analysis, which only its owner may see.
 */
export const analysisEventSchema = z.object({
  type: z.enum(analysisEventTypes),
  videoId: videoIdSchema,
  sentAt: z.string(),
  userId: z.number().int().nullable(),
  errorType: z.enum(errorCodes).nullable(),
  errorMessage: z.string().nullable(),
  errorCategories: z.array(z.string()).nullable(),
});

export type AnalysisEvent = z.infer<typeof analysisEventSchema>;
export type AnalysisEventType = (typeof analysisEventTypes)[number];
