import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startStack, strongPassword, uniqueEmail, until, type RunningStack } from '@findclips/testing';
import { addVideos, collectEvents, guestCookie, startFakes } from '../test/operations/helpers';
import { report } from './report';

/**
 * Load on loopback against the services as `npm start` runs them (one process each), with fakes
 * of YouTube and the AI provider: mixed reads at fixed rates, then 200 new videos at once with a
 * provider that takes 2 s per call, on 1, 2 and 4 workers.
 */

async function register(url: string): Promise<string> {
  const response = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('load'), password: strongPassword() }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const post = (stack: RunningStack, cookie: string, path: string, body: unknown = {}) =>
  fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('mixed reads at fixed rates: cached videos, shared analyses and pages, the signed-in user', async () => {
  const f = await startFakes();
  const prefix = `fc:bench:${randomUUID()}:`;
  const events = await collectEvents(process.env.REDIS_URL!, prefix);
  const stack = await startStack({
    env: { REDIS_KEY_PREFIX: prefix, ...f.env, LOG_LEVEL: 'info' },
  });
  try {
    const cookie = await register(stack.url);
    const videos = addVideos(f.youtube, 10);
    for (const videoId of videos) await post(stack, cookie, `/api/videos/transcript?videoId=${videoId}`);
    await until(() => videos.every((v) => events.of(v, 'VIDEO_ANALYZED').length > 0), 60_000);
    const shares: string[] = [];
    for (const videoId of videos.slice(0, 5)) {
      const analysis = await (await fetch(`${stack.url}/api/cached-videos/${videoId}`)).json();
      const created = await post(stack, cookie, '/api/analysis/share', { youtubeId: videoId, topics: analysis.analyzedTopics });
      // Timed below are reads of real shares, not 404s of shares never made.
      expect([200, 201]).toContain(created.status);
      shares.push((await created.json()).shareId);
    }
    const requests = videos.flatMap((videoId, i) => [
      { method: 'GET' as const, path: `/api/cached-videos/${videoId}` },
      { method: 'GET' as const, path: `/api/shared/${shares[i % shares.length]}` },
      { method: 'GET' as const, path: `/shared/${shares[i % shares.length]}` },
      { method: 'GET' as const, path: '/api/user', headers: { cookie } },
    ]);
    await autocannon({ url: stack.url, connections: 32, overallRate: 200, duration: 5, requests }); // warm-up
    for (const rate of [200, 500, 1_000]) {
      const result = await autocannon({ url: stack.url, connections: 32, overallRate: rate, duration: 10, requests });
      const total = result.requests.total;
      report(`mixed reads at ${rate} req/s (cached video, shared analysis, shared page, user), 10 s`, {
        'achieved req/s': result.requests.average,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'error rate %': (100 * (result.errors + result.non2xx)) / Math.max(1, total),
        requests: total,
      });
    }
    // The same reads as a browser makes them: every browser takes gzip, which costs the server
    // more than the rest of some requests when compressed per request.
    const asBrowsers = requests.map((r) => ({ ...r, headers: { ...r.headers, 'accept-encoding': 'gzip, deflate, br, zstd' } }));
    const result = await autocannon({ url: stack.url, connections: 32, overallRate: 1_000, duration: 10, requests: asBrowsers });
    report("mixed reads at 1000 req/s with Chrome's Accept-Encoding, 10 s", {
      'achieved req/s': result.requests.average,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'error rate %': (100 * (result.errors + result.non2xx)) / Math.max(1, result.requests.total),
      requests: result.requests.total,
    });
  } finally {
    await stack.stop();
    await events.close();
    await f.close();
  }
});

it('200 new videos at once from 200 guests, provider 2 s per call: completion time on 1, 2 and 4 workers, nothing lost', async () => {
  const f = await startFakes();
  f.openai.latencyMs = 2_000;
  const times: Record<number, number> = {};
  try {
    for (const workers of [1, 2, 4]) {
      const prefix = `fc:bench:${randomUUID()}:`;
      const events = await collectEvents(process.env.REDIS_URL!, prefix);
      const stack = await startStack({
        workers,
        env: {
          REDIS_KEY_PREFIX: prefix,
          ...f.env,
          ANALYSIS_DEFAULT_PROVIDER: 'openai',
          PROVIDER_MAX_RETRIES: '0',
          WORKER_CONCURRENCY: '4',
          GUEST_ANALYSES_PER_IP_PER_DAY: '1000',
          YOUTUBE_LOOKUPS_PER_IP_PER_MINUTE: '10000',
          YOUTUBE_LOOKUPS_PER_MINUTE: '10000',
          LOG_LEVEL: 'warn',
        },
      });
      try {
        // 200 visitors, each with a video of their own (guests get the default provider).
        const videos = addVideos(f.youtube, 200);
        const cookies = await Promise.all(videos.map(() => guestCookie(stack.url)));
        const callsBefore = f.openai.calls.chat;
        const started = performance.now();
        const answers = await Promise.all(
          videos.map((v, i) => post(stack, cookies[i]!, `/api/guest/videos/transcript?videoId=${v}`)),
        );
        const submittedMs = performance.now() - started;
        expect(answers.filter((a) => a.status !== 202)).toEqual([]);
        await until(() => videos.every((v) => events.of(v, 'VIDEO_ANALYZED').length > 0), 600_000);
        times[workers] = performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const once = videos.filter((v) => events.of(v, 'VIDEO_ANALYZED').length === 1).length;
        const failed = videos.filter((v) => events.of(v, 'ANALYSIS_ERROR').length > 0).length;
        report(`200 new videos at once, provider 2 s per call, ${workers} worker(s) × concurrency 4`, {
          'all 202 in ms': submittedMs,
          'all analysed in s': times[workers] / 1000,
          'ideal s': (200 * 2) / (4 * workers),
          'speed-up vs 1 worker': times[1]! / times[workers],
          'analysed exactly once': once,
          failed,
          'provider calls': f.openai.calls.chat - callsBefore,
        });
        expect(once).toBe(200);
        expect(failed).toBe(0);
      } finally {
        await stack.stop();
        await events.close();
      }
    }
  } finally {
    await f.close();
  }
});
