import { randomUUID } from 'node:crypto';
import { ANALYSIS_ATTEMPTS } from '@findclips/queue';
import { metricSample, scrapeMetrics, startStack, until } from '@findclips/testing';
import { addVideos, collectEvents, guestCookie, startFakes } from './helpers';

describe('a provider that hangs (services as processes)', () => {
  it('times out after PROVIDER_TIMEOUT_MS, is retried with backoff, then fails with a readable ANALYSIS_ERROR', async () => {
    const fakes = await startFakes();
    const { openai } = fakes;
    const prefix = `fc:test:${randomUUID()}:`;
    const events = await collectEvents(process.env.REDIS_URL!, prefix);
    const stack = await startStack({
      output: 'capture',
      env: {
        REDIS_KEY_PREFIX: prefix,
        ...fakes.env,
        ANALYSIS_DEFAULT_PROVIDER: 'openai',
        PROVIDER_TIMEOUT_MS: '500',
        PROVIDER_MAX_RETRIES: '0',
        LOG_LEVEL: 'info',
      },
    });
    try {
      const videoId = addVideos(fakes.youtube, 1)[0]!;
      openai.script.always('hang');
      const cookie = await guestCookie(stack.url);
      const started = Date.now();
      const submitted = await fetch(`${stack.url}/api/guest/videos/transcript?videoId=${videoId}`, {
        method: 'POST',
        headers: { cookie },
      });
      expect(submitted.status).toBe(202);

      await until(() => events.of(videoId, 'ANALYSIS_ERROR').length > 0, 40_000, 'the ANALYSIS_ERROR');
      const elapsed = Date.now() - started;
      expect(events.of(videoId).map((e) => e.type)).toEqual([
        ...Array<string>(ANALYSIS_ATTEMPTS).fill('ANALYSIS_STARTED'),
        'ANALYSIS_ERROR',
      ]);
      expect(events.of(videoId, 'ANALYSIS_ERROR')[0]).toMatchObject({
        errorType: 'PROVIDER_ERROR',
        errorMessage: 'OpenAI did not answer within 500 ms. Please try again later.',
      });
      expect(openai.calls.chat).toBe(ANALYSIS_ATTEMPTS);
      // Four calls of 0.5 s and backoffs of 2 + 4 + 8 s: nothing waited for the hanging calls.
      expect(elapsed).toBeGreaterThan(14_000);
      expect(elapsed).toBeLessThan(25_000);

      const status = await (await fetch(`${stack.url}/api/videos/check-status?videoId=${videoId}`)).json();
      expect(status).toMatchObject({ videoId, exists: true, status: 'failed' });
      const worker = await scrapeMetrics(stack.workers[0]!.url);
      expect(metricSample(worker, 'analysis_provider_errors_total', { provider: 'openai', kind: 'PROVIDER_ERROR' })).toBe(4);
      expect(metricSample(worker, 'analysis_job_duration_seconds_count', { provider: 'openai', outcome: 'retried' })).toBe(3);
      expect(metricSample(worker, 'analysis_job_duration_seconds_count', { provider: 'openai', outcome: 'failed' })).toBe(1);
      expect(stack.workers[0]!.output()).toContain('"msg":"analysis failed"');
    } finally {
      openai.script.always('ok');
      await stack.stop();
      await events.close();
      await fakes.close();
    }
  }, 60_000);
});
