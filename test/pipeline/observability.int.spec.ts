import { createMetricsRegistry } from '@findclips/runtime';
import type { Registry } from 'prom-client';
import { metricSample as sample, until } from '@findclips/testing';
import { startPipeline, type Pipeline } from './harness';

describe('observability: metrics of the gateway and the worker, one id from request to events', () => {
  let p: Pipeline;
  let workerMetrics: Registry;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    workerMetrics = createMetricsRegistry('worker');
    p = await startPipeline({}, {}, { metrics: workerMetrics, logLines });
  });
  afterAll(() => p.close());

  const openaiMember = async () => (await p.member('openai')).browser;

  it('logs the job and each of its events with the id of the request that queued it', async () => {
    const browser = await openaiMember();
    const videoId = p.addVideo(300);
    const requestId = `obs-${videoId}`;
    const res = await browser
      .post(`/api/videos/transcript?videoId=${videoId}`)
      .set('X-Request-Id', requestId)
      .send({})
      .expect(202);
    expect(res.headers['x-request-id']).toBe(requestId);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    // The worker logs its end once its last event is published: that event may reach us first.
    const mine = () => logLines.filter((line) => line.requestId === requestId);
    await until(() => mine().some((line) => line.msg === 'analysis complete'), 5_000, "the job's last log line");
    expect(mine().map((line) => [line.msg, line.event ?? null])).toEqual([
      ['event published', 'ANALYSIS_STARTED'],
      ['event published', 'VIDEO_ANALYZED'],
      ['analysis complete', null],
    ]);
    expect(mine().every((line) => line.videoId === videoId && typeof line.jobId === 'string')).toBe(true);
  });

  it('counts job durations by provider and outcome, and provider errors by kind', async () => {
    const browser = await openaiMember();
    const before = await workerMetrics.metrics();
    const completed = (text: string) =>
      sample(text, 'analysis_job_duration_seconds_count', { provider: 'openai', outcome: 'completed' }) ?? 0;

    const ok = p.addVideo(300);
    await browser.post(`/api/videos/transcript?videoId=${ok}`).send({}).expect(202);
    await p.nextEvent(ok, 'VIDEO_ANALYZED');
    // Counted once its last event is published, which may reach us first.
    await until(async () => completed(await workerMetrics.metrics()) > completed(before), 5_000, 'the completed job counted');

    p.openai.script.then('blocked');
    const refused = p.addVideo(300);
    await browser.post(`/api/videos/transcript?videoId=${refused}`).send({}).expect(202);
    const error = await p.nextEvent(refused, 'ANALYSIS_ERROR');

    const after = await workerMetrics.metrics();
    expect(completed(after) - completed(before)).toBe(1);
    expect(sample(after, 'analysis_job_duration_seconds_count', { provider: 'openai', outcome: 'failed' })).toBe(1);
    expect(sample(after, 'analysis_provider_errors_total', { provider: 'openai', kind: error.errorType! })).toBe(1);
    expect(sample(after, 'process_resident_memory_bytes', { service: 'worker' })).toBeGreaterThan(0);
  });

  it("logs a provider's failure to be retried by what it was, which provider and model, and its stack with the last", async () => {
    const browser = await openaiMember();
    p.openai.script.then('server-error');
    const videoId = p.addVideo(300);
    await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED', 15_000);
    const retried = logLines.find((line) => line.videoId === videoId && line.msg === 'analysis attempt failed: will retry');
    expect(retried).toMatchObject({
      level: 40,
      provider: 'openai',
      model: expect.any(String),
      errorType: expect.any(String),
      // What we tell the member, then what OpenAI said, and the id OpenAI gave its answer.
      reason: expect.stringMatching(/^OpenAI is unavailable right now.*: .*The server had an error/),
      providerRequestId: expect.stringMatching(/^req_/),
    });
    expect(retried).not.toHaveProperty('err');
  });

  it("retries YouTube's bot check with backoff, counts it and tells operators what to do", async () => {
    const browser = await openaiMember();
    const videoId = p.addVideo(300);
    // The metadata is looked up (and cached) first, so that the refusal meets the worker's fetch.
    await browser.get(`/api/videos/metadata/${videoId}`).expect(200);
    p.youtube.failNext('bot-check');
    await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED', 15_000);

    const events = p.events.filter((e) => e.videoId === videoId);
    expect(events.map((e) => e.type)).toEqual(['ANALYSIS_STARTED', 'ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
    // The second try waited for the backoff (2 s): at once, YouTube would be asked again while it refuses.
    expect(Date.parse(events[1]!.sentAt) - Date.parse(events[0]!.sentAt)).toBeGreaterThanOrEqual(1_900);
    expect(sample(await workerMetrics.metrics(), 'youtube_errors_total', { code: 'YOUTUBE_BLOCKED' })).toBe(1);
    const advice = logLines.find((line) => line.videoId === videoId && String(line.msg).includes('YOUTUBE_PROXY_URL'));
    expect(advice).toMatchObject({ level: 40, youtube: expect.stringContaining('not a bot') });
  });

  it('serves the gateway metrics: requests by route and status, queue depth by state', async () => {
    await p.gateway.request().get('/api/cached-videos/nosuchvideo').expect(404);
    await p.gateway.request().get('/api/cached-videos/nosuchvide2').expect(404);
    // Refused before any route takes it: counted as an API call, not a page.
    await p.gateway.request().post('/api/register').set('content-type', 'text/plain').send('x').expect(415);
    const res = await p.gateway.request().get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    const route = { method: 'GET', route: '/api/cached-videos/:id', status: '404', service: 'gateway' };
    expect(sample(text, 'http_requests_total', route)).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_count', route)).toBe(2);
    // Submissions of the tests above, under their route, never their ids.
    expect(sample(text, 'http_requests_total', { route: '/api/videos/transcript', status: '202' })).toBeGreaterThanOrEqual(2);
    expect(text).not.toMatch(/nosuchvide/);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: 'api', status: '415' })).toBe(1);
    expect(sample(text, 'http_requests_total', { method: 'POST', route: 'page', status: '415' })).toBeUndefined();
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect(sample(text, 'analysis_queue_jobs', { state, service: 'gateway' })).toEqual(expect.any(Number));
    }
  });
});
