import { analysisEventSchema, type AnalysisEvent } from '@findclips/contracts';
import { analysisEventsChannel } from '@findclips/queue';
import { createLogger, createRedisClient } from '@findclips/runtime';
import {
  fakeProviderEnv,
  sampleTranscript,
  startFakeGemini,
  startFakeOpenAi,
  startFakeYoutube,
  type FakeYoutube,
} from '@findclips/testing';
import { LiveChannel } from '../../web/src/lib/live';
import { newVideoId } from '../pipeline/harness';

/** A new guest's cookie (`gid=…`), as the gateway hands it out on the first guest call. */
export async function guestCookie(url: string): Promise<string> {
  const response = await fetch(`${url}/api/guest/credits`);
  await response.arrayBuffer();
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('gid='));
  if (!cookie) throw new Error('the gateway gave no guest cookie');
  return cookie.split(';')[0]!;
}

/** Every analysis event published under `prefix`, as the workers publish them on Redis. */
export async function collectEvents(redisUrl: string, prefix: string) {
  const events: AnalysisEvent[] = [];
  const subscriber = createRedisClient(redisUrl, createLogger('test', 'silent'));
  await subscriber.connect();
  await subscriber.subscribe(analysisEventsChannel(prefix), (m) => void events.push(analysisEventSchema.parse(JSON.parse(m))));
  return {
    events,
    of: (videoId: string, type?: AnalysisEvent['type']) =>
      events.filter((e) => e.videoId === videoId && (!type || e.type === type)),
    close: () => subscriber.quit().then(() => undefined),
  };
}

/** A fetch that must answer within `ms`: a request that hangs fails the test instead. */
export async function fetchWithin(ms: number, url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(ms) });
}

/** Fakes of YouTube, OpenAI/xAI and Gemini, and the environment that points our services at them. */
export async function startFakes() {
  const [youtube, openai, gemini] = await Promise.all([startFakeYoutube(), startFakeOpenAi(), startFakeGemini()]);
  return {
    youtube,
    openai,
    gemini,
    env: { YOUTUBE_BASE_URL: youtube.url, ...fakeProviderEnv(openai, gemini) },
    close: async () => {
      await Promise.all([youtube.close(), openai.close(), gemini.close()]);
    },
  };
}
export type Fakes = Awaited<ReturnType<typeof startFakes>>;

/** `count` new 5-minute videos with sample captions on the fake YouTube; their ids. */
export function addVideos(youtube: FakeYoutube, count: number): string[] {
  return Array.from({ length: count }, () => {
    const id = newVideoId();
    youtube.addVideo({
      id,
      title: `Video ${id}`,
      durationSeconds: 300,
      tracks: [{ languageCode: 'en', segments: sampleTranscript(300) }],
    });
    return id;
  });
}

/** The web app's live channel for a guest, through the gateway at `url`, connecting now. */
export function openLiveChannel(
  url: string,
  cookie: string,
  handlers: { onEvent(event: AnalysisEvent): void; onJoined?(videoId: string): void },
): LiveChannel {
  const channel = new LiveChannel({
    url,
    extraHeaders: { cookie },
    identity: () => ({ guestId: cookie.split('=')[1]! }),
    ...handlers,
  });
  channel.connect();
  return channel;
}
