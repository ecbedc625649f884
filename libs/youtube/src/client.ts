import {
  endAtNextStart,
  fallbackThumbnail,
  showsNothing,
  withoutControlCharacters,
  withoutOverrides,
  type TranscriptSegment,
} from '@findclips/contracts';
import { parseTimedText, toClassicTimedText } from './captions';
import { CAPTIONS_WITHOUT_WORDS, notStartedMessage, streamEndedMessage, UNREADABLE_CAPTIONS, YoutubeError } from './errors';
import { createYoutubeFetch, type YoutubeFetch, type YoutubeHttpOptions } from './http';
import {
  captionTracksOf,
  chooseCaptionTrack,
  embeddedPlayerResponse,
  isPoTokenGated,
  type CaptionTrack,
  type PlayerResponse,
  type RendererText,
} from './tracks';
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
  /** False when the video has no caption track at all (nothing to analyse). */
  hasCaptions: boolean;
}

interface VideoTranscript {
  details: VideoDetails;
  /** The caption track's language. */
  language: string;
  segments: TranscriptSegment[];
}

function detailsOf(videoId: string, player: PlayerResponse | undefined, hasCaptions = true): VideoDetails {
  const raw = player?.videoDetails;
  const thumbnails = [...(raw?.thumbnail?.thumbnails ?? [])].sort((a, b) => b.width - a.width);
  const length = Number(raw?.lengthSeconds);
  // Shown as written, without direction overrides (a title ending '\u202Egnp.kcilc' reads 'click.png'
  // and reversed the page's own words after it); one that shows nothing is named by the video's id.
  // Nor control characters, which PostgreSQL refuses (NUL) or nobody sees.
  const title = withoutOverrides(withoutControlCharacters(raw?.title ?? ''));
  const channel = withoutOverrides(withoutControlCharacters(raw?.author ?? ''));
  const description = withoutControlCharacters(raw?.shortDescription ?? '');
  return {
    videoId,
    title: showsNothing(title) ? `YouTube video ${videoId}` : title,
    channelTitle: showsNothing(channel) ? null : channel,
    description: description || null,
    thumbnailUrl: thumbnails[0]?.url ?? fallbackThumbnail(videoId),
    durationSeconds: Number.isFinite(length) && length > 0 ? length : null,
    isLive: raw?.isLive === true,
    hasCaptions,
  };
}

/** The player's key on a watch page, as the library finds it (plain, or in escaped JSON). */
const PLAYER_KEY = [/"INNERTUBE_API_KEY":"[^"]+"/, /INNERTUBE_API_KEY\\":\\"[^\\"]+\\"/];

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
 * Reasons that say YouTube refuses us, not that the video is gone: "Sign in to confirm you're
 * not a bot" (what most datacenter addresses get), "try again later", and the answers to a
 * client it no longer serves ("The page needs to be reloaded.", "The following content is not
 * available on this app.", "Watch on the latest version of YouTube."), which come with a status
 * of UNPLAYABLE or ERROR and a reason of "Video unavailable" for any video at all.
 */
const REFUSING_US = /not a bot|try again later|page needs to be reloaded|not available on this app|latest version of YouTube/i;

const textOf = (text: RendererText | undefined) => text?.simpleText ?? text?.runs?.map((run) => run.text).join('') ?? '';

/**
 * The player's verdict as our error, or none when the video plays. A refusal of us (above) is
 * worth retrying, and for operators a sign to set a proxy; anything else is the video's own.
 */
export function playabilityError(videoId: string, player: PlayerResponse): YoutubeError | undefined {
  const playability = player.playabilityStatus;
  const status = playability?.status;
  if (!status || status === 'OK') return undefined;
  const subreason = textOf(playability?.errorScreen?.playerErrorMessageRenderer?.subreason);
  const detail = `player ${status}: ${playability?.reason ?? 'no reason given'}${subreason ? ` (${subreason})` : ''}`;
  if (REFUSING_US.test(`${playability?.reason ?? ''} ${subreason}`))
    return new YoutubeError('YOUTUBE_BLOCKED', videoId, { detail });
  // An upcoming premiere or scheduled live stream ('Premieres in 2 hours'), or one that has ended
  // and whose recording is not there yet ('This live event has ended.'): told apart by the slate of
  // a start to come, or by YouTube saying it is upcoming.
  if (status === 'LIVE_STREAM_OFFLINE') {
    const scheduled = playability?.liveStreamability?.liveStreamabilityRenderer?.offlineSlate?.liveStreamOfflineSlateRenderer;
    const ended = player.videoDetails !== undefined && !player.videoDetails.isUpcoming && !scheduled?.scheduledStartTime;
    return new YoutubeError('VIDEO_UNAVAILABLE', videoId, { detail, message: ended ? streamEndedMessage : notStartedMessage });
  }
  return new YoutubeError('VIDEO_UNAVAILABLE', videoId, { detail });
}

/** Sent with the watch page so that visitors from the EU get the page, not the cookie-consent form. */
const CONSENT_COOKIE = 'SOCS=CAI';
const isConsentPage = (html: string) => /action="https:\/\/consent\.youtube\.com\/s/.test(html);
const isCaptchaPage = (html: string) => /class="g-recaptcha"|google\.com\/recaptcha\/|\/sorry\/index/.test(html);

/**
 * YouTube behind our own interface. `youtube-transcript-plus` does the calls (watch page,
 * InnerTube player, timedtext); our hooks route every request through one fetch function, tell
 * YouTube refusing us (bot check, reCAPTCHA, consent, 5xx) from a video being unavailable, apply
 * our caption-track policy to the player response, and normalise the captions (either format,
 * entities decoded, markup stripped, overlaps clamped).
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
        .map((s) => ({ text: withoutOverrides(s.text), start: round(s.offset), end: round(s.offset + s.duration) }))
        .filter((s) => s.text.length > 0);
      if (segments.length === 0) throw new YoutubeError('NO_TRANSCRIPT', videoId, { detail: CAPTIONS_WITHOUT_WORDS });
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
      return detailsOf(videoId, session.player(), false);
    }
    return detailsOf(videoId, session.player());
  }

  /** Hooks for one request of the library, remembering the player response they saw. */
  private session(videoId: string, signal?: AbortSignal) {
    let player: PlayerResponse | undefined;
    let chosen: CaptionTrack | undefined;
    /** The watch page, whose player response (the browser's) is read when the player call lists no captions. */
    let watchPage = '';
    /** One request; 429 and 5xx end here, as transient errors. */
    const send = async ({ url, method, body, headers, userAgent, lang }: FetchParams, cookie?: string) => {
      const response = await this.http(url, {
        method: method ?? 'GET',
        body,
        signal,
        headers: {
          ...(userAgent ? { 'User-Agent': userAgent } : {}),
          ...(lang ? { 'Accept-Language': lang } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
          ...headers,
        },
      });
      const where = new URL(url).pathname;
      if (response.status === 429) {
        const page = await response.text();
        if (isCaptchaPage(page))
          throw new YoutubeError('YOUTUBE_BLOCKED', videoId, { detail: `a reCAPTCHA page (429) on ${where}` });
        throw new YoutubeError('YOUTUBE_RATE_LIMITED', videoId, { detail: `429 on ${where}` });
      }
      if (response.status >= 500) {
        throw new YoutubeError('YOUTUBE_UNREACHABLE', videoId, {
          message: `YouTube is having trouble right now (HTTP ${response.status}). Please try again shortly.`,
          detail: `${response.status} on ${where}`,
        });
      }
      return response;
    };
    const page = (response: Response, html: string) =>
      new Response(html, { status: response.status, headers: { 'content-type': 'text/html; charset=utf-8' } });

    const config: TranscriptConfig = {
      signal,
      videoFetch: async (params) => {
        let response = await send(params, CONSENT_COOKIE);
        let html = await response.text();
        if (isConsentPage(html)) {
          // The consent form names its version; accepting it is what maintained clients do.
          const version = /name="v" value="([^"]+)"/.exec(html)?.[1];
          if (version) {
            response = await send(params, `${CONSENT_COOKIE}; CONSENT=YES+${version}`);
            html = await response.text();
          }
          if (isConsentPage(html)) throw new YoutubeError('YOUTUBE_BLOCKED', videoId, { detail: 'the cookie-consent page' });
        }
        if (isCaptchaPage(html)) throw new YoutubeError('YOUTUBE_BLOCKED', videoId, { detail: 'a reCAPTCHA page' });
        // A page that is no watch page (a proxy's or a captive network's, one YouTube changed): the
        // library would find no player key and say the video has no captions, for good.
        if (!PLAYER_KEY.some((pattern) => pattern.test(html))) {
          throw new YoutubeError('YOUTUBE_UNREACHABLE', videoId, {
            detail: `watch ${response.status} without the player's key: ${JSON.stringify(html.slice(0, 120))}`,
          });
        }
        watchPage = html;
        return page(response, html);
      },
      playerFetch: async (params) => {
        const response = await send(params);
        // The player tells of a video it cannot play in its answer's playability, with a 200. A 4xx
        // (FAILED_PRECONDITION, 403, "API key not valid") refuses this client, key or address,
        // whatever the video: read as the video gone, it would be remembered so for everyone.
        if (!response.ok) {
          const text = await response.text();
          throw new YoutubeError('YOUTUBE_BLOCKED', videoId, { detail: `player ${response.status}: ${text.slice(0, 200)}` });
        }
        player = (await response.json()) as PlayerResponse;
        const refused = playabilityError(videoId, player);
        if (refused) throw refused;
        if (captionTracksOf(player).length === 0) player = withWatchPageCaptions(videoId, player, watchPage);
        // Our policy picks the track; the library then takes the first one listed.
        chosen = chooseCaptionTrack(player);
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
        // A track the player listed, refused to us: YouTube refusing this client, not a video
        // without captions (which would be remembered as such for everyone).
        if (response.status === 403) throw new YoutubeError('YOUTUBE_BLOCKED', videoId, { detail: 'timedtext 403' });
        if (!response.ok) return response;
        const body = await response.text();
        if (!body.trim()) {
          throw new YoutubeError('YOUTUBE_EMPTY_CAPTIONS', videoId, {
            detail:
              chosen && isPoTokenGated(chosen) ? 'an empty body for a track that needs a PO token (exp=xpe)' : 'an empty body',
          });
        }
        const cues = parseTimedText(body);
        if (!cues) {
          if (isCaptchaPage(body))
            throw new YoutubeError('YOUTUBE_BLOCKED', videoId, { detail: 'a reCAPTCHA page on timedtext' });
          // A page, or a body cut short: YouTube failed us this time, the video may well have captions.
          throw new YoutubeError('YOUTUBE_UNREACHABLE', videoId, {
            message: UNREADABLE_CAPTIONS,
            detail: `timedtext ${response.status} that is no caption document: ${JSON.stringify(body.slice(0, 120))}`,
          });
        }
        // Served, and not a word in it (the library would say "not available", as for a 404).
        if (cues.length === 0) throw new YoutubeError('NO_TRANSCRIPT', videoId, { detail: CAPTIONS_WITHOUT_WORDS });
        return new Response(toClassicTimedText(endAtNextStart(cues)), { status: 200 });
      },
    };
    return { config, player: () => player };
  }
}

/**
 * A player answer without captions, checked against the watch page's: the library asks the player
 * as a mobile client, and YouTube has answered such clients without captions for videos that have
 * them. Only when the browser's answer plays and lists none either has the video none (remembered
 * for everyone); when it lists tracks we can read, they are used. Tracks that each need a
 * proof-of-origin token, a browser's answer refused (the bot check) or none to read (the page
 * changed) say nothing of the video: YouTube is refusing us, or we cannot tell, and it is retried.
 */
function withWatchPageCaptions(videoId: string, player: PlayerResponse, watchPage: string): PlayerResponse {
  const browser = embeddedPlayerResponse(watchPage);
  const unknown = (detail: string) =>
    new YoutubeError('YOUTUBE_BLOCKED', videoId, { detail: `the player listed no captions; ${detail}` });
  if (!browser) throw unknown('the watch page has no player response we can read');
  const refused = playabilityError(videoId, browser);
  if (refused) throw unknown(`the watch page's answer: ${refused.detail ?? refused.code}`);
  const tracks = captionTracksOf(browser);
  if (tracks.length === 0) return player;
  if (tracks.every(isPoTokenGated)) throw unknown(`the watch page lists ${tracks.length}, each needing a PO token (exp=xpe)`);
  return { ...player, captions: browser.captions };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
