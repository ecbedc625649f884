import type { TranscriptSegment } from '@findclips/contracts';
import { isSrv3, srv3ToClassic } from './captions';
import { YoutubeError } from './errors';
import { createYoutubeFetch, type YoutubeFetch, type YoutubeHttpOptions } from './http';
import { chooseCaptionTrack, type PlayerResponse } from './tracks';
import { transcriptLibrary as lib, type FetchParams, type TranscriptConfig } from './transcript-lib';

/** What the player tells us about a video. */
export interface VideoDetails {
  videoId: string;
  title: string;
  channelTitle: string | null;
  description: string | null;
  thumbnailUrl: string;
  durationSeconds: number | null;
  isLive: boolean;
}

export interface VideoTranscript {
  details: VideoDetails;
  /** The caption track's language. */
  language: string;
  segments: TranscriptSegment[];
}

function detailsOf(videoId: string, player: PlayerResponse | undefined): VideoDetails {
  const raw = player?.videoDetails;
  const thumbnails = [...(raw?.thumbnail?.thumbnails ?? [])].sort((a, b) => b.width - a.width);
  const length = Number(raw?.lengthSeconds);
  return {
    videoId,
    title: raw?.title ?? '',
    channelTitle: raw?.author || null,
    description: raw?.shortDescription || null,
    thumbnailUrl: thumbnails[0]?.url ?? `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
    durationSeconds: Number.isFinite(length) && length > 0 ? length : null,
    isLive: raw?.isLiveContent ?? false,
  };
}

/** Turns a library or network failure into one of our codes. */
function toYoutubeError(videoId: string, error: unknown): YoutubeError {
  if (error instanceof YoutubeError) return error;
  if (error instanceof lib.YoutubeTranscriptTooManyRequestError)
    return new YoutubeError('YOUTUBE_RATE_LIMITED', videoId, { cause: error });
  if (error instanceof lib.YoutubeTranscriptVideoUnavailableError)
    return new YoutubeError('VIDEO_UNAVAILABLE', videoId, { cause: error });
  if (
    error instanceof lib.YoutubeTranscriptDisabledError ||
    error instanceof lib.YoutubeTranscriptNotAvailableError ||
    error instanceof lib.YoutubeTranscriptNotAvailableLanguageError
  ) {
    return new YoutubeError('NO_TRANSCRIPT', videoId, { cause: error });
  }
  return new YoutubeError('YOUTUBE_UNREACHABLE', videoId, { cause: error });
}

/**
 * YouTube behind our own interface. `youtube-transcript-plus` does the calls (watch page,
 * InnerTube player, timedtext); our hooks route every request through one fetch function,
 * apply our caption-track policy to the player response, and normalise srv3 captions to seconds.
 */
export class YoutubeClient {
  private readonly http: YoutubeFetch;

  constructor(options: YoutubeHttpOptions = {}) {
    this.http = createYoutubeFetch(options);
  }

  /** Metadata, the chosen track and its segments: one watch page, one player call, one timedtext. */
  async fetchVideo(videoId: string, signal?: AbortSignal): Promise<VideoTranscript> {
    const session = this.session(videoId, signal);
    try {
      const result = await lib.fetchTranscript(videoId, { ...session.config, videoDetails: true });
      const segments = result.segments
        .map((s) => ({ text: s.text.replace(/\s+/g, ' ').trim(), start: round(s.offset), end: round(s.offset + s.duration) }))
        .filter((s) => s.text.length > 0);
      if (segments.length === 0) throw new YoutubeError('NO_TRANSCRIPT', videoId);
      return { details: detailsOf(videoId, session.player()), language: result.segments[0]?.lang ?? 'und', segments };
    } catch (error) {
      throw toYoutubeError(videoId, error);
    }
  }

  /** Title, channel, thumbnail and duration from one player call, without the captions. */
  async fetchDetails(videoId: string, signal?: AbortSignal): Promise<VideoDetails> {
    const session = this.session(videoId, signal);
    try {
      await lib.listLanguages(videoId, session.config);
    } catch (error) {
      // A video without captions still has details; anything else is a failure.
      const mapped = toYoutubeError(videoId, error);
      if (mapped.code !== 'NO_TRANSCRIPT' || !session.player()) throw mapped;
    }
    const player = session.player();
    if (player?.playabilityStatus?.status && player.playabilityStatus.status !== 'OK') {
      throw new YoutubeError('VIDEO_UNAVAILABLE', videoId);
    }
    return detailsOf(videoId, player);
  }

  /** Hooks for one request of the library, remembering the player response they saw. */
  private session(videoId: string, signal?: AbortSignal) {
    let player: PlayerResponse | undefined;
    const send = async ({ url, method, body, headers, userAgent, lang }: FetchParams) => {
      const response = await this.http(url, {
        method: method ?? 'GET',
        body,
        signal,
        headers: { ...(userAgent ? { 'User-Agent': userAgent } : {}), ...(lang ? { 'Accept-Language': lang } : {}), ...headers },
      });
      if (response.status === 429) throw new YoutubeError('YOUTUBE_RATE_LIMITED', videoId);
      return response;
    };
    const config: TranscriptConfig = {
      signal,
      videoFetch: send,
      playerFetch: async (params) => {
        const response = await send(params);
        if (!response.ok) return response;
        player = (await response.json()) as PlayerResponse;
        if (player.playabilityStatus?.status && player.playabilityStatus.status !== 'OK') {
          throw new YoutubeError('VIDEO_UNAVAILABLE', videoId);
        }
        // Our policy picks the track; the library then takes the first one listed.
        const chosen = chooseCaptionTrack(player);
        const renderer = player.captions?.playerCaptionsTracklistRenderer;
        const rewritten = renderer
          ? { ...player, captions: { playerCaptionsTracklistRenderer: { ...renderer, captionTracks: chosen ? [chosen] : [] } } }
          : player;
        return new Response(JSON.stringify(rewritten), { status: 200, headers: { 'content-type': 'application/json' } });
      },
      transcriptFetch: async (params) => {
        const url = new URL(params.url);
        url.searchParams.delete('fmt');
        const response = await send({ ...params, url: url.toString() });
        if (!response.ok) return response;
        const body = await response.text();
        return new Response(isSrv3(body) ? srv3ToClassic(body) : body, { status: 200 });
      },
    };
    return { config, player: () => player };
  }
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
