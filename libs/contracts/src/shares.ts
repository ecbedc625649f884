import { z } from 'zod';
import { topicsSchema } from './analysis';
import { SHARE_DESCRIPTION_MAX, SHARE_TITLE_MAX, SHARE_TOPICS_MAX, shareMessages, transcriptSources } from './constants';
import { shownText } from './validation';
import { videoIdSchema } from './video-id';

/** POST /api/analysis/share. */
export const createShareRequestSchema = z.object({
  youtubeId: videoIdSchema,
  topics: topicsSchema
    .min(1, 'A share holds at least one topic')
    .max(SHARE_TOPICS_MAX, `A share holds at most ${SHARE_TOPICS_MAX} topics`)
    // As in every analysis, a topic has one or more quotes: the page would show a title alone.
    .refine((topics) => topics.every((topic) => topic.quotes.length > 0), 'Each shared topic keeps at least one quote')
    // Each once: the page links to each topic by its place and id.
    .refine((topics) => new Set(topics.map((topic) => topic.id)).size === topics.length, 'A topic can be shared only once')
    // ... and each quote once: the page would show the same passage twice.
    .refine((topics) => {
      const quotes = topics.flatMap((topic) => topic.quotes.map((quote) => quote.id));
      return new Set(quotes).size === quotes.length;
    }, 'A quote can be shared only once'),
  // A title or description that shows nothing is none.
  title: shownText(
    z.string().trim().max(SHARE_TITLE_MAX, `Title must be at most ${SHARE_TITLE_MAX} characters`),
    null,
  ).optional(),
  // Its lines are kept (the shared page shows them), blank ones at most one in a row.
  description: shownText(
    z.string().trim().max(SHARE_DESCRIPTION_MAX, `Description must be at most ${SHARE_DESCRIPTION_MAX} characters`),
    null,
  )
    .transform((text) =>
      text
        .replace(/\r\n?/g, '\n')
        .replace(/[^\S\n]+\n/g, '\n')
        .replace(/\n{3,}/g, '\n\n'),
    )
    .optional(),
});

export const shareResponseSchema = z.object({ shareId: z.string(), youtubeId: videoIdSchema, url: z.string() });

/** Share ids: at least 96 bits of randomness, URL-safe. */
export const shareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, shareMessages.notFound);

/** GET /api/shared/{shareId}. */
export const sharedAnalysisResponseSchema = z.object({
  shareId: z.string(),
  youtubeId: videoIdSchema,
  title: z.string().nullable(),
  description: z.string().nullable(),
  viewCount: z.number().int(),
  isOwner: z.boolean(),
  sharedTopics: topicsSchema,
  createdAt: z.string(),
  video: z.object({
    title: z.string().nullable(),
    thumbnailUrl: z.string().nullable(),
    channelTitle: z.string().nullable(),
    /** The video's length, when known: the chapters exported from the page depend on it. */
    durationSeconds: z.number().nullable(),
  }),
  /** Where the transcript came from: YouTube's captions, or captions the member who shared it uploaded. */
  transcriptSource: z.enum(transcriptSources).optional(),
  /** The language of YouTube's captions analysed (a BCP 47 tag); null when unknown or uploaded. */
  language: z.string().nullable().optional(),
});

/** GET /api/analysis/shares-map. */
export const sharesMapSchema = z.array(z.object({ shareId: z.string(), youtubeId: videoIdSchema }));

export type CreateShareRequest = z.infer<typeof createShareRequestSchema>;
export type ShareResponse = z.infer<typeof shareResponseSchema>;
export type SharedAnalysisResponse = z.infer<typeof sharedAnalysisResponseSchema>;
