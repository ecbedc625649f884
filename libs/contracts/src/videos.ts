import { z } from 'zod';
import { analysisStatuses, topicsSchema, transcriptSegmentSchema } from './analysis';
import {
  captionsMessages,
  CAPTIONS_MAX_CHARS,
  editMessages,
  TOPIC_TITLE_MAX,
  transcriptSources,
  type TranscriptSource,
} from './constants';
import { errorCodes } from './errors';
import { shownText } from './validation';
import { videoIdSchema } from './video-id';

/** ?videoId= of the video endpoints. */
export const videoIdQuerySchema = z.object({ videoId: videoIdSchema });

/** GET /api/videos: the member's history, latest first ('recent', the default) or by title. */
export const historyQuerySchema = z.object({ sort: z.enum(['recent', 'title']).default('recent') });

/** How many of a member's analyses `GET /api/user-videos` answers at most, unless `?limit=` says fewer or more. */
export const OWN_ANALYSES_PAGE = 50;
const OWN_ANALYSES_PAGE_MAX = 100;

/**
 * GET /api/user-videos: a page of the member's analyses, the latest first. `before` is the cursor
 * the previous page's `Link: <…>; rel="next"` carries (the last analysis it listed).
 */
export const ownAnalysesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(OWN_ANALYSES_PAGE_MAX).default(OWN_ANALYSES_PAGE),
  before: z
    .string()
    .regex(/^\d{1,17}\.\d{1,10}$/, 'before must be the cursor of a page link')
    .transform((cursor) => {
      const [at, id] = cursor.split('.') as [string, string];
      return { at, id: Number(id) };
    })
    .optional(),
});

/** The `{id}` of a path such as /api/cached-videos/{id}. */
export const videoIdPathSchema = z.object({ id: videoIdSchema });

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
  /**
   * The `error` of this answer the web app reads: always null, since an answer that carries topics or a
   * running analysis has none. A refusal is an error response (`{message, errorType}`), and an
   * analysis that fails later says so on the live channel and in check-status.
   */
  error: z.null(),
  /** Guests: credits left after this request. */
  left: z.number().int().optional(),
});

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
  /** When the member last edited their analysis (titles, removed topics or quotes, moved starts); null if never. */
  editedAt: z.string().nullable().optional(),
  /** On the answer to undoing every edit: when they were undone, to order it among the edits' answers. */
  editsUndoneAt: z.string().optional(),
  /** Where the transcript came from, and the uploaded file's name (or 'pasted text'). */
  transcriptSource: z.enum(transcriptSources).optional(),
  transcriptName: z.string().nullable().optional(),
  /** The language of the captions analysed (a BCP 47 tag, `captionsLanguage`); null when unknown or uploaded. */
  language: z.string().nullable().optional(),
});

/** The longest language tag we pass on (BCP 47 advises room for 35 characters). */
const LANGUAGE_TAG_MAX = 35;

/**
 * The language declared of an analysis's words: that of YouTube's captions it read; none for
 * captions a member brought, which may be in any language.
 */
export const declaredLanguage = (source: TranscriptSource, youtubeCode: string | null | undefined) =>
  source === 'upload' ? null : captionsLanguage(youtubeCode);

/**
 * The language of a video's captions as a page declares it (`lang`), from YouTube's code: a BCP 47
 * tag in its canonical form ('iw' → 'he', 'en-us' → 'en-US'); null when unknown ('und') or no tag.
 */
export function captionsLanguage(code: string | null | undefined): string | null {
  if (!code || code.length > LANGUAGE_TAG_MAX) return null;
  try {
    const [tag] = Intl.getCanonicalLocales(code);
    return tag && tag !== 'und' ? tag : null;
  } catch {
    return null;
  }
}

/** GET /api/videos/metadata/{id}. */
export const videoMetadataResponseSchema = z.object({
  videoId: videoIdSchema,
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  channelTitle: z.string().nullable(),
  durationSeconds: z.number().nullable(),
});

/**
 * GET /api/guest/credits: new videos the guest can still analyse today; `message` when their
 * network's cap, not their own credits, leaves none.
 */
export const guestCreditsResponseSchema = z.object({ left: z.number().int().min(0), message: z.string().optional() });

/**
 * GET /api/videos/check-status?videoId=. When the status is failed, why, as the live event said it
 * (a page that missed the event shows the same screen): null when the reason was not recorded.
 */
export const checkStatusResponseSchema = z.object({
  videoId: videoIdSchema,
  exists: z.boolean(),
  status: z.enum(analysisStatuses).nullable(),
  createdAt: z.string().nullable(),
  errorType: z.enum(errorCodes).nullable(),
  errorMessage: z.string().nullable(),
  errorCategories: z.array(z.string()).nullable(),
  /** Analyses waiting before this video's in the queue; null when it does not wait (it runs, or none is queued). */
  ahead: z.number().int().nonnegative().nullable(),
});

/**
 * GET /api/user-videos/{id}/status: whether the member's own re-analysis of the video waits or
 * runs, and how many analyses wait before it (null when it does not wait).
 */
export const reanalysisStatusSchema = z.object({
  videoId: videoIdSchema,
  reanalyzing: z.boolean(),
  ahead: z.number().int().nonnegative().nullable(),
});

/**
 * POST /api/videos/analyze: a member's private re-analysis. When the member has edited the
 * analysis, `discardEdits: true` says they agreed to lose the edits (otherwise 409).
 */
export const reanalyzeRequestSchema = z.object({
  videoId: videoIdSchema,
  forceReanalyze: z.literal(true).optional(),
  discardEdits: z.boolean().optional(),
});

const topicIdSchema = z.string().min(1, 'topicId is required').max(64);
const quoteIdSchema = z.string().min(1, 'quoteId is required').max(64);

/** A topic's title as a member writes it. */
const topicTitleSchema = shownText(
  z.string().trim().min(1, editMessages.titleRequired).max(TOPIC_TITLE_MAX, editMessages.titleTooLong),
  editMessages.titleRequired,
);

/**
 * PATCH /api/user-videos/{id}: one edit of the member's own analysis, before sharing it. Each
 * applies to what the member reads now and answers the edited analysis.
 */
export const analysisEditSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('rename'), topicId: topicIdSchema, title: topicTitleSchema }),
    z.object({ action: z.literal('removeTopic'), topicId: topicIdSchema }),
    /**
     * A removed topic back as it was when removed: its title, times and quotes, each checked
     * against the analysis as made (a title may be the analyzer's own, however long).
     */
    z.object({
      action: z.literal('restoreTopic'),
      topicId: topicIdSchema,
      title: shownText(z.string().trim().min(1, editMessages.titleRequired).max(1_000), editMessages.titleRequired).optional(),
      startTime: z.number().finite().nonnegative().optional(),
      endTime: z.number().finite().nonnegative().optional(),
      quoteIds: z.array(quoteIdSchema).min(1).max(100).optional(),
    }),
    z.object({ action: z.literal('removeQuote'), topicId: topicIdSchema, quoteId: quoteIdSchema }),
    /** A removed quote back into its topic, as the analysis made it. */
    z.object({ action: z.literal('restoreQuote'), topicId: topicIdSchema, quoteId: quoteIdSchema }),
    z.object({ action: z.literal('moveStart'), topicId: topicIdSchema, direction: z.enum(['earlier', 'later']) }),
  ],
  // Not an object at all: zod's own issue, which says the body must be a JSON object (as every route does).
  {
    error: (issue) =>
      issue.input !== null && typeof issue.input === 'object' && !Array.isArray(issue.input)
        ? editMessages.unknownAction
        : undefined,
  },
);

/** GET /api/videos: one row of the member's history. */
export const historyVideoSchema = z.object({
  id: z.number().int(),
  videoId: videoIdSchema,
  youtubeId: videoIdSchema,
  title: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** When the member last analysed or re-analysed it. */
  processedAt: z.string(),
  /** When the member's analysis was first made. */
  createdAt: z.string(),
  /** The video's length; null when YouTube did not give it. */
  durationSeconds: z.number().int().nullable(),
  /** Topics of the analysis the member reads (their re-analysis, else the shared one); null while not finished. */
  topicCount: z.number().int().nullable(),
});

/**
 * POST /api/user-videos/{id}/transcript: captions a member brings for a video (most often one
 * without captions on YouTube): the text of an .srt or .vtt file, or pasted timed text.
 */
export const uploadCaptionsRequestSchema = z.object({
  text: z.string().min(1, captionsMessages.textRequired).max(CAPTIONS_MAX_CHARS, captionsMessages.tooLarge),
  /** The file's name; left out for pasted text. */
  name: z.string().trim().max(255, 'name must be at most 255 characters').optional(),
  /** The member agreed that the new analysis replaces their edits. */
  discardEdits: z.boolean().optional(),
});

/**
 * POST /api/videos/analyze and POST /api/user-videos/{id}/transcript: the member's analysis is
 * queued (202); live events and GET /api/user-videos/{id}/status say how it goes.
 */
export const analysisQueuedResponseSchema = z.object({ videoId: videoIdSchema, status: z.literal('pending') });

/** GET /api/videos/{id}/transcript: the captions the analysis read, for reading along the topics. */
export const videoTranscriptSchema = z.object({ videoId: videoIdSchema, segments: z.array(transcriptSegmentSchema) });

export type TranscriptResponse = z.infer<typeof transcriptResponseSchema>;
export type VideoTranscript = z.infer<typeof videoTranscriptSchema>;
export type AnalysisQueuedResponse = z.infer<typeof analysisQueuedResponseSchema>;
export type VideoAnalysisResponse = z.infer<typeof videoAnalysisResponseSchema>;
export type VideoMetadataResponse = z.infer<typeof videoMetadataResponseSchema>;
export type CheckStatusResponse = z.infer<typeof checkStatusResponseSchema>;
export type ReanalysisStatus = z.infer<typeof reanalysisStatusSchema>;
export type GuestCreditsResponse = z.infer<typeof guestCreditsResponseSchema>;
export type HistoryVideo = z.infer<typeof historyVideoSchema>;
export type AnalysisEdit = z.infer<typeof analysisEditSchema>;
export type UploadCaptionsRequest = z.infer<typeof uploadCaptionsRequestSchema>;
