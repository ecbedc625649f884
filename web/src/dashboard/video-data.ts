import {
  watchLink,
  type CheckStatusResponse,
  type ReanalysisStatus,
  type GuestCreditsResponse,
  type Topic,
  type TranscriptResponse,
  type VideoAnalysisResponse,
  type VideoMetadataResponse,
} from '@findclips/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../lib/api';
import { METADATA_STALE_MS, VIDEO_FETCH_RETRY } from '../lib/query-client';

/** What a person reads when an analysis came back but its topics cannot be read. */
export const UNREADABLE_TOPICS = 'The analysis came back unreadable. Please try again.';

const isTime = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A topic or a quote as the schema has it: an id, its non-empty `text` field and two times. */
const isTimed = (value: unknown, text: 'title' | 'content'): value is Record<string, unknown> =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value[text] === 'string' &&
  value[text] !== '' &&
  isTime(value.startTime) &&
  isTime(value.endTime);

/**
 * Whether a value is a list of topics as `topicsSchema` says, checked by hand: zod here put some
 * 25 kB in the dashboard's first load, over its budget.
 */
const isTopicList = (value: unknown): value is Topic[] =>
  Array.isArray(value) &&
  value.every(
    (topic) => isTimed(topic, 'title') && Array.isArray(topic.quotes) && topic.quotes.every((quote) => isTimed(quote, 'content')),
  );

/**
 * An answer with its topics as an array: `analyzedTopics` may come as a JSON string (as an
 * older gateway sent it), read here once for every screen; a string that holds no list of topics is a failed call.
 */
export function withTopics<T extends { analyzedTopics: unknown }>(answer: T): T {
  if (typeof answer.analyzedTopics !== 'string') return answer;
  let topics: unknown;
  try {
    topics = JSON.parse(answer.analyzedTopics);
  } catch {
    topics = undefined;
  }
  if (!isTopicList(topics)) throw new ApiError(UNREADABLE_TOPICS, 200, undefined, {});
  return { ...answer, analyzedTopics: topics };
}

const notFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 401);

/**
 * A finished analysis of the video, or null: a member's private re-analysis first (401 or 404
 * mean none), else the shared one (404 means none). For a member both are asked at once, the shared
 * one read only when they have none of their own: one round trip, not two in a row, each time the
 * page looks (most members read the shared analysis: a stranger's latency audit).
 */
export async function fetchAnalysis(videoId: string, member: boolean): Promise<VideoAnalysisResponse | null> {
  const shared = apiRequest<VideoAnalysisResponse>('GET', `/api/cached-videos/${videoId}`).then(withTopics, (error: unknown) => {
    if (notFound(error)) return null;
    throw error;
  });
  if (!member) return shared;
  // Read only when the member has none of their own; its failure then is not theirs to see.
  shared.catch(() => undefined);
  try {
    return withTopics(await apiRequest<VideoAnalysisResponse>('GET', `/api/user-videos/${videoId}`));
  } catch (error) {
    if (!notFound(error)) throw error;
  }
  return shared;
}

export const analysisKey = (videoId: string | null, member: boolean) =>
  [member ? '/api/user-videos' : '/api/cached-videos', videoId] as const;

/** The analysis of the current video, retried twice (1 s, then 2 s, at most 10 s apart). */
export function useAnalysis(videoId: string | null, member: boolean) {
  return useQuery({
    queryKey: analysisKey(videoId, member),
    queryFn: () => fetchAnalysis(videoId!, member),
    enabled: videoId !== null,
    ...VIDEO_FETCH_RETRY,
  });
}

/** A video's title, thumbnail and length, fresh for 5 minutes. */
export const metadataQuery = (videoId: string | null) =>
  ({
    queryKey: ['/api/videos/metadata', videoId],
    staleTime: METADATA_STALE_MS,
    ...VIDEO_FETCH_RETRY,
  }) as const;

/** Title and thumbnail of the current video. */
export function useMetadata(videoId: string | null) {
  return useQuery<VideoMetadataResponse>({ ...metadataQuery(videoId), enabled: videoId !== null });
}

export const checkStatus = (videoId: string) =>
  apiRequest<CheckStatusResponse>('GET', `/api/videos/check-status?videoId=${encodeURIComponent(videoId)}`);

/** Find Clips did not answer, or answered that it or what it needs is away for now (a restart, a deploy). */
export const outOfReach = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || [502, 503, 504].includes(error.status));

/**
 * Check-status as a video opens, retried as its analysis is (twice, 1 s then 2 s later) while Find
 * Clips is out of reach: one blip of a deploy said 'Data Loading Error'.
 */
export async function checkStatusRetried(videoId: string, attempt = 0): Promise<CheckStatusResponse> {
  try {
    return await checkStatus(videoId);
  } catch (error) {
    if (attempt >= VIDEO_FETCH_RETRY.retry || !outOfReach(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, VIDEO_FETCH_RETRY.retryDelay(attempt)));
    return checkStatusRetried(videoId, attempt + 1);
  }
}

/** Whether the member's own re-analysis of the video still waits or runs. */
export const reanalysisStatus = (videoId: string) =>
  apiRequest<ReanalysisStatus>('GET', `/api/user-videos/${encodeURIComponent(videoId)}/status`);

/** How often a page asks how many analyses wait before its own, while it waits. */
const QUEUE_PLACE_MS = 10_000;

/**
 * How many analyses wait before the one this page follows (its re-analysis, else the video's
 * analysis), asked now and every 10 s while the page follows it: null while it runs (or waits out a
 * retry's backoff), or when the server does not say. The bar rises with time whatever; this says why it may take a while.
 * What check-status says of a first analysis goes to `heard` too: it may say the analysis ended.
 */
export function useQueuePlace(
  videoId: string | null,
  running: boolean,
  reanalyzing: boolean,
  heard: (status: CheckStatusResponse) => void,
): number | null {
  const place = useQuery({
    queryKey: ['queue-place', videoId, reanalyzing],
    queryFn: async () => {
      if (reanalyzing) return (await reanalysisStatus(videoId!)).ahead ?? null;
      const status = await checkStatus(videoId!);
      heard(status);
      return status.ahead ?? null;
    },
    enabled: running && videoId !== null,
    staleTime: 0,
    gcTime: 0,
    // Asked again for as long as the page follows it: a job that failed an attempt waits out its
    // backoff (null), then waits in line again, last (stopping at the first null, a review found,
    // said nothing of that second wait).
    refetchInterval: QUEUE_PLACE_MS,
  });
  return running ? (place.data ?? null) : null;
}

/** Members send the video's plain link (what they pasted may carry kilobytes of parameters); guests spend a credit on a new video. */
export async function submitVideo(videoId: string, member: boolean): Promise<TranscriptResponse> {
  const query = `?videoId=${encodeURIComponent(videoId)}`;
  return withTopics(
    await (member
      ? apiRequest<TranscriptResponse>('POST', `/api/videos/transcript${query}`, { youtubeUrl: watchLink(videoId) })
      : apiRequest<TranscriptResponse>('POST', `/api/guest/videos/transcript${query}`)),
  );
}

export const GUEST_CREDITS_KEY = ['/api/guest/credits'] as const;

/** Guest credits; the timestamp keeps any cache from answering. */
export function useGuestCredits(enabled: boolean) {
  return useQuery({
    queryKey: GUEST_CREDITS_KEY,
    queryFn: () => apiRequest<GuestCreditsResponse>('GET', `/api/guest/credits?_=${Date.now()}`),
    enabled,
  });
}
