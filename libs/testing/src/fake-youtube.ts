import type { TranscriptSegment } from '@findclips/contracts';
import { listenOnLoopback, readBody } from './listen';

export interface FakeTrack {
  languageCode: string;
  /** 'asr' for YouTube's speech recognition. */
  kind?: 'asr';
  /** A machine translation (its URL carries tlang=). */
  translated?: boolean;
  segments: TranscriptSegment[];
  /** The format timedtext answers in when no fmt is asked: classic `<text>` or srv3 `<p>`. */
  format?: 'classic' | 'srv3';
}

export interface FakeVideo {
  id: string;
  title?: string;
  channel?: string;
  durationSeconds?: number;
  /** OK, or ERROR / LOGIN_REQUIRED for unavailable videos. */
  playability?: 'OK' | 'ERROR' | 'LOGIN_REQUIRED';
  /** No `captions` in the player response at all. */
  tracks?: FakeTrack[];
  /** How long the caption track takes to arrive, as a long one does over a real network. */
  captionDelayMs?: number;
}

export interface FakeYoutube {
  url: string;
  addVideo(video: FakeVideo): void;
  /** Answer 429 to the next `count` requests (YouTube rate-limiting us). */
  rateLimitNext(count: number): void;
  /** Milliseconds each request waits before it is answered, to imitate a slow network. */
  latencyMs: number;
  /** Requests received, by kind. */
  counts: { watch: number; player: number; timedtext: number; oembed: number };
  close(): Promise<void>;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');

const classic = (segments: TranscriptSegment[]) =>
  `<?xml version="1.0" encoding="utf-8" ?><transcript>${segments
    .map((s) => `<text start="${s.start}" dur="${(s.end - s.start).toFixed(3)}">${escapeXml(s.text)}</text>`)
    .join('')}</transcript>`;

/** srv3: times in milliseconds, words in <s> elements after the first. */
const srv3 = (segments: TranscriptSegment[]) =>
  `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>${segments
    .map((s) => {
      const [first, ...rest] = s.text.split(' ');
      const words = rest.map((w, i) => `<s t="${(i + 1) * 200}" ac="0"> ${escapeXml(w)}</s>`).join('');
      return `<p t="${Math.round(s.start * 1000)}" d="${Math.round((s.end - s.start) * 1000)}" w="1"><s ac="0">${escapeXml(first ?? '')}</s>${words}</p>`;
    })
    .join('\n')}</body></timedtext>`;

/**
 * A fake YouTube on 127.0.0.1 speaking the real wire format of the calls we make: the watch page
 * (with INNERTUBE_API_KEY), the InnerTube player (videoDetails, playabilityStatus, captionTracks),
 * timedtext in classic and srv3 XML, and oEmbed.
 */
export async function startFakeYoutube(): Promise<FakeYoutube> {
  const videos = new Map<string, FakeVideo>();
  const counts = { watch: 0, player: 0, timedtext: 0, oembed: 0 };
  let limited = 0;
  let latencyMs = 0;

  const running = await listenOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'POST' ? await readBody(req) : '';
    const send = (status: number, type: string, payload: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(payload);
    };
    if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs).unref());
    if (limited > 0) {
      limited--;
      return send(429, 'text/html', '<html><body>Too Many Requests</body></html>');
    }

    if (req.method === 'GET' && url.pathname === '/watch') {
      counts.watch++;
      const page = `<html><head><title>YouTube</title></head><body><script>ytcfg.set({"INNERTUBE_API_KEY":"AIzaFakeKey","INNERTUBE_CLIENT_VERSION":"2.20261120"});</script></body></html>`;
      return send(200, 'text/html; charset=utf-8', page);
    }

    if (req.method === 'POST' && url.pathname === '/youtubei/v1/player') {
      counts.player++;
      if (url.searchParams.get('key') !== 'AIzaFakeKey') return send(400, 'application/json', '{"error":{"code":400}}');
      const { videoId } = JSON.parse(body || '{}') as { videoId?: string };
      const video = videoId ? videos.get(videoId) : undefined;
      if (!video || video.playability === 'ERROR' || video.playability === 'LOGIN_REQUIRED') {
        const status = video?.playability ?? 'ERROR';
        return send(200, 'application/json', JSON.stringify({ playabilityStatus: { status, reason: 'Video unavailable' } }));
      }
      const base = `http://${req.headers.host}`;
      const captionTracks = (video.tracks ?? []).map((track) => {
        const params = new URLSearchParams({ v: video.id, lang: track.languageCode, fmt: 'srv3' });
        if (track.kind) params.set('kind', track.kind);
        if (track.translated) params.set('tlang', track.languageCode);
        return {
          baseUrl: `${base}/api/timedtext?${params}`,
          name: { simpleText: track.languageCode },
          vssId: `${track.kind === 'asr' ? 'a' : ''}.${track.languageCode}`,
          languageCode: track.languageCode,
          ...(track.kind ? { kind: track.kind } : {}),
          isTranslatable: true,
        };
      });
      const player = {
        playabilityStatus: { status: 'OK', playableInEmbed: true },
        videoDetails: {
          videoId: video.id,
          title: video.title ?? `Video ${video.id}`,
          lengthSeconds: String(video.durationSeconds ?? 300),
          channelId: 'UCfakechannel',
          shortDescription: 'A video served by the fake YouTube.',
          author: video.channel ?? 'Fake Channel',
          isLiveContent: false,
          thumbnail: {
            thumbnails: [
              { url: `https://i.ytimg.com/vi/${video.id}/default.jpg`, width: 120, height: 90 },
              { url: `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`, width: 480, height: 360 },
            ],
          },
        },
        ...(video.tracks ? { captions: { playerCaptionsTracklistRenderer: { captionTracks, audioTracks: [{}] } } } : {}),
      };
      return send(200, 'application/json', JSON.stringify(player));
    }

    if (req.method === 'GET' && url.pathname === '/api/timedtext') {
      counts.timedtext++;
      const video = videos.get(url.searchParams.get('v') ?? '');
      const track = video?.tracks?.find(
        (t) => t.languageCode === url.searchParams.get('lang') && (t.kind ?? '') === (url.searchParams.get('kind') ?? ''),
      );
      if (!track) return send(404, 'text/html', 'Not Found');
      if (video?.captionDelayMs) await new Promise((resolve) => setTimeout(resolve, video.captionDelayMs));
      const format = url.searchParams.get('fmt') === 'srv3' ? 'srv3' : (track.format ?? 'classic');
      return send(200, 'text/xml; charset=UTF-8', format === 'srv3' ? srv3(track.segments) : classic(track.segments));
    }

    if (req.method === 'GET' && url.pathname === '/oembed') {
      counts.oembed++;
      const id = /[?&]v=([\w-]{11})/.exec(url.searchParams.get('url') ?? '')?.[1];
      const video = id ? videos.get(id) : undefined;
      if (!video) return send(404, 'text/html', 'Not Found');
      return send(
        200,
        'application/json',
        JSON.stringify({
          title: video.title ?? `Video ${video.id}`,
          author_name: video.channel ?? 'Fake Channel',
          type: 'video',
          thumbnail_url: `https://i.ytimg.com/vi/${video.id}/hqdefault.jpg`,
        }),
      );
    }

    send(404, 'text/html', 'Not Found');
  });

  return {
    url: running.url,
    addVideo: (video) => videos.set(video.id, video),
    rateLimitNext: (count) => {
      limited = count;
    },
    counts,
    get latencyMs() {
      return latencyMs;
    },
    set latencyMs(ms: number) {
      latencyMs = ms;
    },
    close: running.close,
  };
}
