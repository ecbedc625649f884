import { z } from 'zod';
import { analysisStatuses, topicsSchema } from './analysis';
import { videoIdSchema } from './video-id';

export const videoMessages = {
  tooLong: 'This video is too long: videos can be at most 2 hours.',
  guestTooLong:
    'This video is too long for guests: guests can analyse videos of up to 60 minutes. Sign up to analyse longer videos.',
  guestQuota: 'You have used your 2 free analyses. Credits reset 24 hours after use; sign up for unlimited access.',
  guestNetworkQuota: 'Too many free analyses from this network today. Sign up for unlimited access.',
  memberQuota: 'You have started too many new analyses in the last hour. Please try again later.',
  unknownLength:
    'We could not tell how long this video is (a live stream or an upcoming premiere?), so it cannot be analysed yet.',
  notFound: 'No analysis of this video yet',
  reanalyzeFirst: 'Analyse this video before re-analysing it',
} as const;

/** ?videoId= of the video endpoints. */
export const videoIdQuerySchema = z.object({ videoId: videoIdSchema });

/** POST /api/videos/transcript body (the query carries the id). */
export const transcriptRequestSchema = z.object({ youtubeUrl: z.string().max(2048).optional() });

/** POST /api/videos/transcript and /api/guest/videos/transcript. */
export const transcriptResponseSchema = z.object({
  videoId: videoIdSchema,
  /** The topics when the analysis is finished; null while it runs (live events say when). */
  analyzedTopics: topicsSchema.nullable(),
  status: z.enum(analysisStatuses),
  duration: z.number().nullable(),
  title: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Guests: credits left after this request. */
  left: z.number().int().optional(),
});

/** GET /api/guest/credits. */
export const guestCreditsResponseSchema = z.object({ left: z.number().int().min(0) });

/** GET /api/cached-videos/{id} and GET /api/user-videos/{id}. */
export const videoAnalysisResponseSchema = z.object({
  videoId: videoIdSchema,
  youtubeId: videoIdSchema,
  title: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  channelTitle: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  analyzedTopics: topicsSchema,
  hasEmptyTopics: z.boolean(),
  isUserSpecific: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  userAnalysisUpdatedAt: z.string().nullable(),
});

/** GET /api/videos/metadata/{id}. */
export const videoMetadataResponseSchema = z.object({
  videoId: videoIdSchema,
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  channelTitle: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});

/** GET /api/videos/check-status?videoId=. */
export const checkStatusResponseSchema = z.object({
  videoId: videoIdSchema,
  exists: z.boolean(),
  status: z.enum(analysisStatuses).nullable(),
  createdAt: z.string().nullable(),
});

/** POST /api/videos/analyze: a member's private re-analysis. */
export const reanalyzeRequestSchema = z.object({ videoId: videoIdSchema, forceReanalyze: z.literal(true).optional() });

/** GET /api/videos: one row of the member's history. */
export const historyVideoSchema = z.object({
  id: z.number().int(),
  videoId: videoIdSchema,
  youtubeId: videoIdSchema,
  title: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  processedAt: z.string(),
  createdAt: z.string(),
});

export type TranscriptResponse = z.infer<typeof transcriptResponseSchema>;
export type VideoAnalysisResponse = z.infer<typeof videoAnalysisResponseSchema>;
export type VideoMetadataResponse = z.infer<typeof videoMetadataResponseSchema>;
export type CheckStatusResponse = z.infer<typeof checkStatusResponseSchema>;
export type HistoryVideo = z.infer<typeof historyVideoSchema>;
