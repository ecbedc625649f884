import { randomBytes } from 'node:crypto';
import type { TranscriptSegment } from '@findclips/contracts';
import { listenOnLoopback, readBody } from './listen';

interface FakeTrack {
  languageCode: string;
  /** 'asr' for YouTube's speech recognition. */
  kind?: 'asr';
  segments: TranscriptSegment[];
  /** The format timedtext answers in when no fmt is asked: classic `<text>` or srv3 `<p>`. */
  format?: 'classic' | 'srv3';
  /** Served only with a proof-of-origin token: `exp=xpe` in its URL, an empty 200 body without `pot`. */
  poTokenGated?: boolean;
}

export interface FakeVideo {
  id: string;
  title?: string;
  channel?: string;
  /** The description under the video, where creators list chapters. */
  description?: string;
  durationSeconds?: number;
  /**
   * OK; ERROR (removed), LOGIN_REQUIRED (private), UNPLAYABLE (members only) or LIVE_STREAM_OFFLINE
   * (an upcoming premiere, or with `stream: 'ended'` a live stream over without a recording yet),
   * with YouTube's reasons.
   */
  playability?: 'OK' | 'ERROR' | 'LOGIN_REQUIRED' | 'UNPLAYABLE' | 'LIVE_STREAM_OFFLINE';
  /**
   * A live stream: `live`, on the air now (it plays, with no length: lengthSeconds "0", isLive);
   * `ended`, over, its recording not yet there (LIVE_STREAM_OFFLINE, not upcoming); `recorded`, its
   * recording, a video like any other but for `isLiveContent`.
   */
  stream?: 'live' | 'ended' | 'recorded';
  /** No `captions` in the player response at all. */
  tracks?: FakeTrack[];
  /** How long the caption track takes to arrive, as a long one does over a real network. */
  captionDelayMs?: number;
}

/**
 * Ways YouTube fails us, each on the request it really happens on: `rate-limit` (429),
 * `server-error` (503) and `internal-error` (500) on any; `recaptcha` (the 429 "unusual traffic"
 * page) on the watch page; `bot-check` (LOGIN_REQUIRED "Sign in to confirm you're not a bot") on the
 * player, or on the watch page's own player response when asked `on: 'watch'`;
 * `failed-precondition` (400 FAILED_PRECONDITION) on the player; `forbidden` (Google's 403 page) on
 * timedtext or the player; `html-page` (a 200 with an HTML page, what a proxy or a captive network in
 * the way answers) on any; `blank-body` (a 200 of white space alone) on timedtext; `invalid-key` (400
 * INVALID_ARGUMENT "API key not valid", as the player answers a key it no longer takes) on the player.
 */
export type YoutubeFailure =
  | 'rate-limit'
  | 'server-error'
  | 'internal-error'
  | 'recaptcha'
  | 'bot-check'
  | 'failed-precondition'
  | 'forbidden'
  | 'html-page'
  | 'blank-body'
  | 'invalid-key';

type Endpoint = 'watch' | 'player' | 'timedtext';

/**
 * How the player answers a client YouTube no longer serves, whatever the video: `no-captions` (a
 * playable video without `captions`, as mobile clients have been answered), `page-reload`
 * (UNPLAYABLE "Video unavailable", "The page needs to be reloaded."), `latest-version` (ERROR "This
 * video is unavailable", "Watch on the latest version of YouTube.").
 */
export type ClientRefusal = 'no-captions' | 'page-reload' | 'latest-version';

export interface FakeYoutube {
  url: string;
  addVideo(video: FakeVideo): void;
  /** Fail the next `count` requests (of `on`, when given) the way YouTube does. */
  failNext(failure: YoutubeFailure, count?: number, on?: Endpoint): void;
  /**
   * Answer the watch page with the EU cookie-consent form unless the request carries a consent
   * cookie: `any` accepts `SOCS` or `CONSENT=YES+…`, `consent-only` only the latter, `always` none.
   */
  consent: 'off' | 'any' | 'consent-only' | 'always';
  /** Milliseconds each request waits before it is answered, to imitate a slow network. */
  latencyMs: number;
  /** The player's answer to requests naming this client (`context.client.clientName`), while set. */
  refuseClient: { clientName: string; answer: ClientRefusal } | null;
  /**
   * Whether the watch page's own player response (the browser's) lists tracks gated by a
   * proof-of-origin token, as it does today (true), or readable ones.
   */
  watchPageTracksGated: boolean;
  /** Requests received, by kind; `translations` counts timedtext requests with `tlang`. */
  counts: { watch: number; player: number; timedtext: number; translations: number; oembed: number };
  /** Player requests received for one video id (what any lookup of that video costs YouTube). */
  playerCallsFor(videoId: string): number;
  close(): Promise<void>;
}

const LANGUAGES: Record<string, string> = { en: 'English', fr: 'French', de: 'German', es: 'Spanish', af: 'Afrikaans' };
const languageName = (code: string) => LANGUAGES[code.split('-')[0]!] ?? code;

/** YouTube's HTML escaping of caption text (apostrophes as `&#39;`). */
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The formatting tags of manual tracks, as YouTube writes them (anything else in angle brackets is text). */
const FORMATTING = /(<\/?(?:i|b|u)>|<font color="#[0-9A-Fa-f]{6}">|<\/font>)/;

/**
 * Classic timedtext is HTML escaped for XML: the text twice (`don't` is `don&amp;#39;t` on the
 * wire, `a<b` is `a&amp;lt;b`), the formatting tags once (`&lt;i&gt;`).
 */
const classicText = (text: string) =>
  text
    .split(FORMATTING)
    .map((part, i) => (i % 2 === 1 ? escapeHtml(part) : escapeHtml(escapeHtml(part))))
    .join('');

const classic = (segments: TranscriptSegment[]) =>
  `<?xml version="1.0" encoding="utf-8" ?><transcript>${segments
    .map((s) => `<text start="${s.start}" dur="${(s.end - s.start).toFixed(3)}">${classicText(s.text)}</text>`)
    .join('')}</transcript>`;

/** srv3: times in milliseconds, words in <s> elements after the first. */
const srv3 = (segments: TranscriptSegment[]) =>
  `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>${segments
    .map((s) => {
      const [first, ...rest] = s.text.split(' ');
      const words = rest.map((w, i) => `<s t="${(i + 1) * 200}" ac="0"> ${escapeHtml(w)}</s>`).join('');
      return `<p t="${Math.round(s.start * 1000)}" d="${Math.round((s.end - s.start) * 1000)}" w="1"><s ac="0">${escapeHtml(first ?? '')}</s>${words}</p>`;
    })
    .join('\n')}</body></timedtext>`;

/**
 * The watch page: the InnerTube configuration in one script and, in another, the browser's own
 * player response, followed by more script on the same line.
 */
const watchPage = (browserPlayer: unknown) =>
  `<!DOCTYPE html><html lang="en"><head><title>YouTube</title></head><body><script nonce="x">ytcfg.set({"INNERTUBE_API_KEY":"AIzaFakeKey","INNERTUBE_CLIENT_NAME":"WEB","INNERTUBE_CLIENT_VERSION":"2.20261120.01.00"});</script><script nonce="x">var ytInitialPlayerResponse = ${JSON.stringify(browserPlayer)};var meta = document.createElement('meta'); meta.name = 'referrer'; meta.content = 'origin-when-cross-origin'; document.getElementsByTagName('head')[0].appendChild(meta);</script></body></html>`;

/** The form www.youtube.com shows visitors from the EU without a consent cookie. */
const consentPage = (videoId: string) =>
  `<!DOCTYPE html><html lang="de"><head><title>Bevor Sie zu YouTube weitergehen</title></head><body><form action="https://consent.youtube.com/s" method="POST" style="display:inline;"><input type="hidden" name="gl" value="DE"><input type="hidden" name="m" value="0"><input type="hidden" name="pc" value="yt"><input type="hidden" name="continue" value="https://www.youtube.com/watch?v=${videoId}"><input type="hidden" name="v" value="cb.20210328-17-p0.de+FX+667"><input type="hidden" name="hl" value="de"><input type="hidden" name="src" value="1"><input type="hidden" name="set_ytc" value="true"><button type="submit" aria-label="Alle ablehnen">Alle ablehnen</button></form></body></html>`;

/** Google's "unusual traffic" page, where a blocked address's watch request ends (429). */
const RECAPTCHA_PAGE = `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"><title>https://www.youtube.com/watch</title></head><body><div id="cnt"><form id="captcha-form" action="index" method="post"><script src="https://www.google.com/recaptcha/api.js" async defer></script><div id="recaptcha" class="g-recaptcha" data-sitekey="6LfwuyUTAAAAAOAmoS0fdqijC2PbbdH4kjq62Y1b"></div></form><div style="font-size:13px;"><b>About this page</b><br><br>Our systems have detected unusual traffic from your computer network.</div></div></body></html>`;

/** Google's 403 page, as timedtext answers a caption request it refuses to this client. */
const FORBIDDEN_PAGE = `<!DOCTYPE html><html lang=en><meta charset=utf-8><title>Error 403 (Forbidden)!!1</title><p><b>403.</b> <ins>That’s an error.</ins><p>Your client does not have permission to get URL <code>/api/timedtext</code> from this server. <ins>That’s all we know.</ins>`;

const UNPLAYABLE: Record<'ERROR' | 'LOGIN_REQUIRED' | 'UNPLAYABLE' | 'LIVE_STREAM_OFFLINE', string> = {
  ERROR: 'This video is unavailable',
  LIVE_STREAM_OFFLINE: 'Premieres in 2 hours',
  LOGIN_REQUIRED: 'This video is private',
  UNPLAYABLE: 'Join this channel to get access to members-only content like this video, and other exclusive perks.',
};

const BOT_CHECK = {
  playabilityStatus: {
    status: 'LOGIN_REQUIRED',
    reason: 'Sign in to confirm you’re not a bot',
    errorScreen: {
      playerErrorMessageRenderer: {
        reason: { runs: [{ text: 'Sign in to confirm you’re not a bot' }] },
        subreason: { runs: [{ text: 'This helps protect our community. ' }, { text: 'Learn more' }] },
      },
    },
    skip: { playabilityErrorSkipConfig: { skipOnPlayabilityError: false } },
  },
  responseContext: { visitorData: 'CgtGYWtlVmlzaXRvcg%3D%3D' },
};

/** The player's answers to a client it no longer serves (playable ones have no `captions`). */
const refusal = (status: 'UNPLAYABLE' | 'ERROR', reason: string, subreason: string) => ({
  responseContext: { visitorData: 'CgtGYWtlVmlzaXRvcg%3D%3D' },
  playabilityStatus: {
    status,
    reason,
    errorScreen: {
      playerErrorMessageRenderer: {
        reason: { simpleText: reason },
        subreason: { runs: [{ text: subreason }] },
        thumbnail: { thumbnails: [{ url: '//s.ytimg.com/yts/img/meh7-vflGevej7.png', width: 140, height: 100 }] },
        icon: { iconType: 'ERROR_OUTLINE' },
      },
    },
    contextParams: 'Q0FFU0FnZ0I=',
  },
});
const CLIENT_REFUSALS = {
  'page-reload': refusal('UNPLAYABLE', 'Video unavailable', 'The page needs to be reloaded.'),
  'latest-version': refusal('ERROR', 'This video is unavailable', 'Watch on the latest version of YouTube.'),
};

const FAILED_PRECONDITION = {
  error: {
    code: 400,
    message: 'Precondition check failed.',
    errors: [{ message: 'Precondition check failed.', domain: 'global', reason: 'failedPrecondition' }],
    status: 'FAILED_PRECONDITION',
  },
};

/** A caption track's URL as the player lists it: on www.youtube.com, signed, `exp=xpe` when gated. */
function trackUrl(videoId: string, track: FakeTrack): string {
  const params = new URLSearchParams({ v: videoId, ei: randomBytes(8).toString('base64url') });
  if (track.kind) params.set('caps', 'asr');
  params.set('opi', '112496729');
  if (track.poTokenGated) params.set('exp', 'xpe');
  params.set('xoaf', '5');
  params.set('hl', 'en');
  params.set('ip', '0.0.0.0');
  params.set('ipbits', '0');
  params.set('expire', String(Math.floor(Date.now() / 1000) + 6 * 3600));
  params.set('sparams', `ip,ipbits,expire,v,ei,caps,opi,${track.poTokenGated ? 'exp,' : ''}xoaf`);
  params.set('signature', randomBytes(20).toString('hex').toUpperCase());
  params.set('key', 'yt8');
  if (track.kind) params.set('kind', track.kind);
  params.set('lang', track.languageCode);
  return `https://www.youtube.com/api/timedtext?${params}`;
}

/**
 * A live stream's player answer while it is off the air: upcoming (a premiere or a scheduled
 * stream, with its slate's start time and `isUpcoming`) or, with `stream: 'ended'`, over without a
 * recording yet. Either has details, with no length.
 */
function offlineStream(video: FakeVideo) {
  const upcoming = video.stream !== 'ended';
  const reason = upcoming ? UNPLAYABLE.LIVE_STREAM_OFFLINE : 'This live event has ended.';
  const inTwoHours = String(Math.floor(Date.now() / 1000) + 2 * 3600);
  return {
    responseContext: { visitorData: 'CgtGYWtlVmlzaXRvcg%3D%3D' },
    playabilityStatus: {
      status: 'LIVE_STREAM_OFFLINE',
      reason,
      playableInEmbed: true,
      ...(upcoming
        ? {
            liveStreamability: {
              liveStreamabilityRenderer: {
                videoId: video.id,
                offlineSlate: {
                  liveStreamOfflineSlateRenderer: {
                    scheduledStartTime: inTwoHours,
                    mainText: { runs: [{ text: reason }] },
                  },
                },
                pollDelayMs: '15000',
              },
            },
          }
        : {}),
    },
    videoDetails: {
      videoId: video.id,
      title: video.title ?? `Video ${video.id}`,
      lengthSeconds: '0',
      isLiveContent: true,
      ...(upcoming ? { isUpcoming: true } : {}),
      author: video.channel ?? 'Fake Channel',
    },
  };
}

/**
 * The player's answer for a video. `gated` marks every track as needing a proof-of-origin token
 * (the browser's answer on the watch page, today); otherwise each track says.
 */
function playerResponse(video: FakeVideo, gated = false) {
  const captionTracks = (video.tracks ?? []).map((track) => ({
    baseUrl: trackUrl(video.id, gated ? { ...track, poTokenGated: true } : track),
    name: { runs: [{ text: `${languageName(track.languageCode)}${track.kind === 'asr' ? ' (auto-generated)' : ''}` }] },
    vssId: `${track.kind === 'asr' ? 'a' : ''}.${track.languageCode}`,
    languageCode: track.languageCode,
    ...(track.kind ? { kind: track.kind } : {}),
    isTranslatable: true,
    trackName: '',
  }));
  return {
    responseContext: { visitorData: 'CgtGYWtlVmlzaXRvcg%3D%3D' },
    playabilityStatus: { status: 'OK', playableInEmbed: true, contextParams: 'Q0FFU0FnZ0I=' },
    videoDetails: {
      videoId: video.id,
      title: video.title ?? `Video ${video.id}`,
      // On the air: no length yet.
      lengthSeconds: video.stream === 'live' ? '0' : String(video.durationSeconds ?? 300),
      channelId: 'UCfakechannel',
      isOwnerViewing: false,
      shortDescription: video.description ?? 'A video served by the fake YouTube.',
      isCrawlable: true,
      thumbnail: {
        thumbnails: [
          { url: `https://i.ytimg.com/vi/${video.id}/default.jpg`, width: 120, height: 90 },
          { url: `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`, width: 480, height: 360 },
        ],
      },
      allowRatings: true,
      viewCount: '12345',
      author: video.channel ?? 'Fake Channel',
      isPrivate: false,
      isUnpluggedCorpus: false,
      isLiveContent: video.stream !== undefined,
      ...(video.stream === 'live' ? { isLive: true } : {}),
    },
    ...(video.tracks
      ? {
          captions: {
            playerCaptionsTracklistRenderer: {
              captionTracks,
              audioTracks: [
                {
                  captionTrackIndices: captionTracks.map((_t, i) => i),
                  defaultCaptionTrackIndex: 0,
                  visibility: 'UNKNOWN',
                  hasDefaultTrack: true,
                  captionsInitialState: 'CAPTIONS_INITIAL_STATE_OFF_RECOMMENDED',
                },
              ],
              // Machine translations are offered as languages for any track's URL (&tlang=), not as tracks.
              translationLanguages: ['af', 'de', 'en', 'es', 'fr'].map((code) => ({
                languageCode: code,
                languageName: { runs: [{ text: languageName(code) }] },
              })),
              defaultAudioTrackIndex: 0,
            },
          },
        }
      : {}),
  };
}

/** The player's answer to a key it does not take. */
const INVALID_KEY = {
  error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' },
};

/**
 * A fake YouTube on 127.0.0.1 answering as the real one does today (2025-2026 captures): the
 * watch page (INNERTUBE_API_KEY; the browser's player response, its tracks gated; the EU consent
 * form; Google's reCAPTCHA page), the InnerTube player (videoDetails, playabilityStatus with
 * YouTube's reasons, the bot check and its answers to a client it no longer serves, captionTracks
 * named in `runs`, `translationLanguages`, signed track URLs on www.youtube.com, `exp=xpe` for
 * PO-token-gated tracks, 400 FAILED_PRECONDITION), timedtext (classic XML escaped twice, srv3,
 * machine translations with `tlang`, the empty 200 body of a gated track) and oEmbed.
 */
export async function startFakeYoutube(): Promise<FakeYoutube> {
  const videos = new Map<string, FakeVideo>();
  const counts = { watch: 0, player: 0, timedtext: 0, translations: 0, oembed: 0 };
  const playerCalls = new Map<string, number>();
  const failures: { failure: YoutubeFailure; on?: Endpoint }[] = [];
  const state = {
    latencyMs: 0,
    consent: 'off' as FakeYoutube['consent'],
    refuseClient: null as FakeYoutube['refuseClient'],
    watchPageTracksGated: true,
  };
  /** The answer for a video id: its player response, or YouTube's reason it does not play. */
  const answerFor = (videoId: string | undefined | null, gated: boolean) => {
    const video = videoId ? videos.get(videoId) : undefined;
    const playability = video ? (video.playability ?? 'OK') : 'ERROR';
    if (playability === 'LIVE_STREAM_OFFLINE') return offlineStream(video!);
    if (playability !== 'OK') return { playabilityStatus: { status: playability, reason: UNPLAYABLE[playability] } };
    return playerResponse(video!, gated);
  };

  /** The failure queued for this request, if its kind happens here. */
  const takeFailure = (endpoint: Endpoint | 'other') => {
    const index = failures.findIndex(({ failure, on }) => {
      if (on && on !== endpoint) return false;
      if (failure === 'recaptcha') return endpoint === 'watch';
      // The bot check answers the player, or the watch page when asked there (its player response).
      if (failure === 'bot-check') return endpoint === 'player' || (on === 'watch' && endpoint === 'watch');
      if (failure === 'failed-precondition') return endpoint === 'player';
      if (failure === 'forbidden') return endpoint === 'timedtext' || endpoint === 'player';
      if (failure === 'blank-body') return endpoint === 'timedtext';
      if (failure === 'invalid-key') return endpoint === 'player';
      return true;
    });
    return index < 0 ? undefined : failures.splice(index, 1)[0]!.failure;
  };

  const running = await listenOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'POST' ? await readBody(req) : '';
    const send = (status: number, type: string, payload: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(payload);
    };
    const json = (status: number, payload: unknown) => send(status, 'application/json; charset=UTF-8', JSON.stringify(payload));
    if (state.latencyMs) await new Promise((resolve) => setTimeout(resolve, state.latencyMs).unref());

    const endpoint: Endpoint | 'other' =
      url.pathname === '/watch'
        ? 'watch'
        : url.pathname === '/youtubei/v1/player'
          ? 'player'
          : url.pathname === '/api/timedtext'
            ? 'timedtext'
            : 'other';
    switch (takeFailure(endpoint)) {
      case 'rate-limit':
        return send(429, 'text/html; charset=UTF-8', '<html><body>Too Many Requests</body></html>');
      case 'server-error':
        return send(503, 'text/html; charset=UTF-8', '<html><body>Service Unavailable</body></html>');
      case 'internal-error':
        return send(500, 'text/html; charset=UTF-8', '<html><body>Internal Server Error</body></html>');
      case 'recaptcha':
        return send(429, 'text/html; charset=UTF-8', RECAPTCHA_PAGE);
      case 'bot-check':
        return endpoint === 'watch' ? send(200, 'text/html; charset=utf-8', watchPage(BOT_CHECK)) : json(200, BOT_CHECK);
      case 'failed-precondition':
        return json(400, FAILED_PRECONDITION);
      case 'forbidden':
        return send(403, 'text/html; charset=UTF-8', FORBIDDEN_PAGE);
      case 'invalid-key':
        return json(400, INVALID_KEY);
      case 'blank-body':
        return send(200, 'text/xml; charset=UTF-8', ' \n');
      case 'html-page':
        return send(
          200,
          'text/html; charset=UTF-8',
          '<html><head><title>Network login</title></head><body>Sign in to continue</body></html>',
        );
    }

    if (req.method === 'GET' && endpoint === 'watch') {
      counts.watch++;
      const cookie = req.headers.cookie ?? '';
      const consented =
        state.consent === 'off' ||
        (state.consent !== 'always' && /CONSENT=YES\+/.test(cookie)) ||
        (state.consent === 'any' && /\bSOCS=/.test(cookie));
      if (!consented) return send(200, 'text/html; charset=utf-8', consentPage(url.searchParams.get('v') ?? ''));
      return send(200, 'text/html; charset=utf-8', watchPage(answerFor(url.searchParams.get('v'), state.watchPageTracksGated)));
    }

    if (req.method === 'POST' && endpoint === 'player') {
      counts.player++;
      if (url.searchParams.get('key') !== 'AIzaFakeKey') return json(400, INVALID_KEY);
      const { videoId, context } = JSON.parse(body || '{}') as {
        videoId?: string;
        context?: { client?: { clientName?: string } };
      };
      if (videoId) playerCalls.set(videoId, (playerCalls.get(videoId) ?? 0) + 1);
      const answer = answerFor(videoId, false);
      const refused = state.refuseClient?.clientName === context?.client?.clientName ? state.refuseClient?.answer : undefined;
      if (refused === 'no-captions' && 'captions' in answer) {
        const { captions: _withheld, ...withoutCaptions } = answer;
        return json(200, withoutCaptions);
      }
      if (refused && refused !== 'no-captions') return json(200, CLIENT_REFUSALS[refused]);
      return json(200, answer);
    }

    if (req.method === 'GET' && endpoint === 'timedtext') {
      counts.timedtext++;
      const video = videos.get(url.searchParams.get('v') ?? '');
      const track = video?.tracks?.find(
        (t) => t.languageCode === url.searchParams.get('lang') && (t.kind ?? '') === (url.searchParams.get('kind') ?? ''),
      );
      if (!track) return send(404, 'text/html; charset=UTF-8', 'Not Found');
      if (video?.captionDelayMs) await new Promise((resolve) => setTimeout(resolve, video.captionDelayMs));
      if (url.searchParams.get('exp') === 'xpe' && !url.searchParams.get('pot')) return send(200, 'text/xml; charset=UTF-8', '');
      const tlang = url.searchParams.get('tlang');
      if (tlang) counts.translations++;
      const segments = tlang ? track.segments.map((s) => ({ ...s, text: `[${tlang}] ${s.text}` })) : track.segments;
      const format = url.searchParams.get('fmt') === 'srv3' ? 'srv3' : (track.format ?? 'classic');
      return send(200, 'text/xml; charset=UTF-8', format === 'srv3' ? srv3(segments) : classic(segments));
    }

    if (req.method === 'GET' && url.pathname === '/oembed') {
      counts.oembed++;
      const id = /[?&]v=([\w-]{11})/.exec(url.searchParams.get('url') ?? '')?.[1];
      const video = id ? videos.get(id) : undefined;
      if (!video) return send(404, 'text/html', 'Not Found');
      return json(200, {
        title: video.title ?? `Video ${video.id}`,
        author_name: video.channel ?? 'Fake Channel',
        type: 'video',
        thumbnail_url: `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`,
      });
    }

    send(404, 'text/html', 'Not Found');
  });

  return {
    url: running.url,
    addVideo: (video) => videos.set(video.id, video),
    failNext: (failure, count = 1, on) => {
      for (let i = 0; i < count; i++) failures.push({ failure, on });
    },
    get consent() {
      return state.consent;
    },
    set consent(mode: FakeYoutube['consent']) {
      state.consent = mode;
    },
    counts,
    playerCallsFor: (videoId) => playerCalls.get(videoId) ?? 0,
    get latencyMs() {
      return state.latencyMs;
    },
    set latencyMs(ms: number) {
      state.latencyMs = ms;
    },
    get refuseClient() {
      return state.refuseClient;
    },
    set refuseClient(refusal: FakeYoutube['refuseClient']) {
      state.refuseClient = refusal;
    },
    get watchPageTracksGated() {
      return state.watchPageTracksGated;
    },
    set watchPageTracksGated(gated: boolean) {
      state.watchPageTracksGated = gated;
    },
    close: running.close,
  };
}
