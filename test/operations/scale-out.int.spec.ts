import { randomUUID } from 'node:crypto';
import type { AnalysisEvent } from '@findclips/contracts';
import { metricSum, scrapeMetrics, startStack, type RunningStack, until } from '@findclips/testing';
import type { LiveChannel } from '../../web/src/lib/live';
import { settleAnalyses } from '../settle';
import { addVideos, guestCookie, openLiveChannel, startFakes, type Fakes } from './helpers';

/** One browser: its guest cookie and the live channel the web app opens, through the gateway. */
interface Viewer {
  cookie: string;
  videoId: string;
  channel: LiveChannel;
  events: AnalysisEvent[];
  joins: number;
}

describe('scale-out: two workers and two realtime instances, each a process, behind one gateway', () => {
  let fakes: Fakes;
  let stack: RunningStack;
  const viewers: Viewer[] = [];
  const prefix = `fc:test:${randomUUID()}:`;
  // The live channel logs its connection problems; while an instance stops, there are some.
  const warnings: string[] = [];
  jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.join(' ')));

  beforeAll(async () => {
    fakes = await startFakes();
    fakes.openai.latencyMs = 400; // long enough that one worker cannot take every job
    stack = await startStack({
      workers: 2,
      realtimes: 2,
      output: 'capture',
      env: {
        REDIS_KEY_PREFIX: prefix,
        ...fakes.env,
        ANALYSIS_DEFAULT_PROVIDER: 'openai',
        PROVIDER_MAX_RETRIES: '0',
        WORKER_CONCURRENCY: '2',
        GUEST_ANALYSES_PER_IP_PER_DAY: '1000',
        YOUTUBE_LOOKUPS_PER_IP_PER_MINUTE: '10000',
        YOUTUBE_LOOKUPS_PER_MINUTE: '10000',
        LOG_LEVEL: 'warn',
      },
    });
  }, 60_000);
  afterAll(async () => {
    for (const viewer of viewers) viewer.channel.close();
    await stack?.stop();
    await fakes?.close();
  });

  const addVideo = () => addVideos(fakes.youtube, 1)[0]!;
  const stackRedis = () => ({ redisUrl: process.env.REDIS_URL!, keyPrefix: prefix });

  async function watch(videoId: string): Promise<Viewer> {
    const cookie = await guestCookie(stack.url);
    const viewer: Viewer = { cookie, videoId, events: [], joins: 0, channel: undefined as unknown as LiveChannel };
    viewer.channel = openLiveChannel(stack.url, cookie, {
      onEvent: (event) => void viewer.events.push(event),
      onJoined: () => void viewer.joins++,
    });
    viewer.channel.watch(videoId);
    viewers.push(viewer);
    return viewer;
  }

  const submit = async (viewer: Viewer) => {
    const response = await fetch(`${stack.url}/api/guest/videos/transcript?videoId=${viewer.videoId}`, {
      method: 'POST',
      headers: { cookie: viewer.cookie },
    });
    expect(response.status).toBe(202);
  };
  const received = (viewer: Viewer, type: AnalysisEvent['type']) =>
    viewer.events.filter((e) => e.type === type && e.videoId === viewer.videoId).length;
  const sockets = async () =>
    Promise.all(stack.realtimes.map(async (r) => metricSum(await scrapeMetrics(r.url), 'realtime_connected_sockets')));

  it('spreads the clients over both instances and the jobs over both workers; each event reaches each client once', async () => {
    const videos = addVideos(fakes.youtube, 8);
    // Two viewers per video, so each room has clients on both instances most of the time.
    const watching = await Promise.all([...videos, ...videos].map((videoId) => watch(videoId)));
    await until(() => watching.every((v) => v.joins === 1), 15_000, 'every client in its room');
    const perInstance = await sockets();
    expect(perInstance.reduce((a, b) => a + b, 0)).toBe(16);
    for (const count of perInstance) expect(count).toBeGreaterThan(0);

    await Promise.all(watching.slice(0, 8).map(submit));
    await until(() => watching.every((v) => received(v, 'VIDEO_ANALYZED') > 0), 30_000, 'every client told');
    // Every job done and every event delivered: a duplicate would be here by now.
    await settleAnalyses(
      stackRedis(),
      videos,
      watching.map((v) => v.events),
    );

    for (const viewer of watching) {
      expect(received(viewer, 'ANALYSIS_STARTED')).toBe(1);
      expect(received(viewer, 'VIDEO_ANALYZED')).toBe(1);
      expect(viewer.events.every((e) => e.videoId === viewer.videoId)).toBe(true);
    }
    const completed = await Promise.all(
      stack.workers.map(async (w) =>
        metricSum(await scrapeMetrics(w.url), 'analysis_job_duration_seconds_count', { outcome: 'completed' }),
      ),
    );
    expect(completed.reduce((a, b) => a + b, 0)).toBe(8);
    for (const count of completed) expect(count).toBeGreaterThan(0);
    expect(fakes.openai.calls.chat).toBe(8);
  }, 60_000);

  it('moves the clients of a stopped instance to the other one, where they get the next events once', async () => {
    const [stopped, survivor] = stack.realtimes as [RunningStack['gateway'], RunningStack['gateway']];
    expect(await stopped.stop()).toBe(0);
    const onSurvivor = async () => metricSum(await scrapeMetrics(survivor.url), 'realtime_connected_sockets');
    await until(async () => (await onSurvivor()) === viewers.length, 20_000, 'every client on the surviving instance');

    const videoId = addVideo();
    const joins = viewers.map((v) => v.joins);
    for (const viewer of viewers) {
      viewer.events.length = 0;
      viewer.videoId = videoId;
      viewer.channel.watch(videoId);
    }
    await until(() => viewers.every((v, i) => v.joins > joins[i]!), 10_000, 'every client in the new room');
    await submit(viewers[0]!);
    await until(() => viewers.every((v) => received(v, 'VIDEO_ANALYZED') > 0), 30_000);
    await settleAnalyses(
      stackRedis(),
      [videoId],
      viewers.map((v) => v.events),
    );
    for (const viewer of viewers) {
      expect(received(viewer, 'ANALYSIS_STARTED')).toBe(1);
      expect(received(viewer, 'VIDEO_ANALYZED')).toBe(1);
    }
    expect(warnings.filter((w) => !w.startsWith('live connection failed:'))).toEqual([]);
  }, 60_000);
});
