import autocannon from 'autocannon';
import compression from 'compression';
import express from 'express';
import type { TranscriptSegment } from '@findclips/contracts';
import { captionsOf, DEMO_VIDEOS, listenOnLoopback, sampleTranscript } from '@findclips/testing';
import { startPipeline, type Pipeline } from '../test/pipeline/harness';
import { percentile, report } from './report';

const DURATION_S = 4;
const CONNECTIONS = 32;
/**
 * Ours and the bare route take turns (the order swapped each round): on a shared machine a single
 * run of each measured the machine's drift as much as the gateway (ratios 0.40-0.62 one after another).
 */
const ROUNDS = 5;
/** What Chrome sends with every request. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

async function load(url: string, headers: Record<string, string>, duration = DURATION_S) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration, pipelining: 1 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * A finished analysis and the JSON a reader gets of it: a member's (Gemini, its fake here), or a
 * guest's, by the built-in analyzer, with its real topics and quotes.
 */
async function analysed(
  p: Pipeline,
  { seconds = 300, segments, guest = false }: { seconds?: number; segments?: TranscriptSegment[]; guest?: boolean } = {},
) {
  const videoId = p.addVideo(seconds, segments ? { tracks: [{ languageCode: 'en', segments }] } : {});
  const browser = guest ? p.gateway.browser() : (await p.member()).browser;
  await browser
    .post(`/api/${guest ? 'guest/' : ''}videos/transcript?videoId=${videoId}`)
    .send({})
    .expect(202);
  await p.nextEvent(videoId, 'VIDEO_ANALYZED', 60_000);
  const path = `/api/cached-videos/${videoId}`;
  return { videoId, path, body: (await browser.get(path).expect(200)).body as unknown };
}

/** A GET of `path` against a bare Express app answering the same JSON from memory, in turns. */
async function versusBare(
  title: string,
  p: Pipeline,
  { path, body }: { path: string; body: unknown },
  { headers = {}, bareCompresses = false }: { headers?: Record<string, string>; bareCompresses?: boolean } = {},
) {
  const bare = express();
  if (bareCompresses) bare.use(compression());
  bare.get(path, (_req, res) => res.json(body));
  const bareServer = await listenOnLoopback(bare);
  const sent = async (url: string) =>
    (await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } })).headers.get('content-encoding') ?? 'none';

  const rounds: { ours: Awaited<ReturnType<typeof load>>; bare: Awaited<ReturnType<typeof load>> }[] = [];
  const runOurs = (duration?: number) => load(`${p.gateway.url}${path}`, headers, duration);
  const runBare = (duration?: number) => load(`${bareServer.url}${path}`, headers, duration);
  // Both warmed up (JIT, connection pools) before anything is counted.
  await runOurs(1);
  await runBare(1);
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      const ours = await runOurs();
      rounds.push({ ours, bare: await runBare() });
    } else {
      const bare = await runBare();
      rounds.push({ ours: await runOurs(), bare });
    }
  }
  const encodings = `${await sent(`${p.gateway.url}${path}`)} / ${await sent(`${bareServer.url}${path}`)}`;
  await bareServer.close();
  const ratios = rounds.map((r) => r.ours.rps / r.bare.rps);
  const range = (values: number[]) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;
  report(title, {
    'req/s': range(rounds.map((r) => r.ours.rps)),
    'p50 ms': percentile(
      rounds.map((r) => r.ours.p50),
      50,
    ),
    'p99 ms': percentile(
      rounds.map((r) => r.ours.p99),
      50,
    ),
    errors: rounds.reduce((sum, r) => sum + r.ours.errors + r.bare.errors, 0),
    'bare Express req/s': range(rounds.map((r) => r.bare.rps)),
    'ratio (median of rounds)': percentile(ratios, 50),
    'ratio per round': ratios.map((x) => x.toFixed(2)).join(' / '),
    'JSON characters': JSON.stringify(body).length,
    'content-encoding (ours / bare)': encodings,
  });
}

it('cached-videos throughput as a ratio to a bare Express route', async () => {
  const p = await startPipeline({ LOG_LEVEL: 'info' });
  try {
    await versusBare('GET /api/cached-videos/{id}', p, await analysed(p));
  } finally {
    await p.close();
  }
});

/**
 * As browsers ask (every one takes gzip): the analysis of our 40-minute demo interview against a bare Express app that
 * compresses each answer with the compression middleware, as the gateway did before its finished
 * analyses were kept gzipped.
 */
it('cached-videos as a browser asks for a 40-minute analysis, against a bare route that compresses', async () => {
  const interview = DEMO_VIDEOS.find((video) => video.id === 'FCdemoPod01')!;
  const seconds = interview.minutes * 60;
  const p = await startPipeline({ LOG_LEVEL: 'info' });
  try {
    const title = `GET /api/cached-videos/{id}, a 40-minute analysis, Accept-Encoding: ${BROWSER_ENCODINGS}`;
    await versusBare(title, p, await analysed(p, { seconds, segments: captionsOf(interview.paragraphs, seconds), guest: true }), {
      headers: { 'accept-encoding': BROWSER_ENCODINGS },
      bareCompresses: true,
    });
  } finally {
    await p.close();
  }
});

/**
 * The transcript a finished analysis's page reads for its search, as a browser asks: two hours (the most analysed)
 * of captions, kept gzipped in memory by their MD5, against a bare app that compresses each answer.
 */
it('a 2-hour transcript as a browser asks for it, against a bare route that compresses', async () => {
  const seconds = 2 * 3_600;
  const p = await startPipeline({ LOG_LEVEL: 'info' });
  try {
    const { videoId } = await analysed(p, { seconds, segments: sampleTranscript(seconds) });
    const transcriptPath = `/api/videos/${videoId}/transcript`;
    const body = (await p.gateway.request().get(transcriptPath).expect(200)).body as { segments: unknown[] };
    const title = `GET /api/videos/{id}/transcript, ${body.segments.length} lines, Accept-Encoding: ${BROWSER_ENCODINGS}`;
    await versusBare(
      title,
      p,
      { path: transcriptPath, body },
      { headers: { 'accept-encoding': BROWSER_ENCODINGS }, bareCompresses: true },
    );
  } finally {
    await p.close();
  }
});

/**
 * A shared 40-minute analysis as its visitors' browsers read it (`/api/shared/{id}`, which the
 * shared page asks first), against a bare route that answers the same JSON from memory and
 * compresses it. Each visitor counts once, so after the first second the view count stands.
 */
it('a shared 40-minute analysis as a browser reads it, against a bare route that compresses', async () => {
  const interview = DEMO_VIDEOS.find((video) => video.id === 'FCdemoPod01')!;
  const seconds = interview.minutes * 60;
  const p = await startPipeline({ LOG_LEVEL: 'info' });
  try {
    const { videoId, body } = await analysed(p, { seconds, segments: captionsOf(interview.paragraphs, seconds), guest: true });
    const { browser } = await p.member();
    const topics = (body as { analyzedTopics: unknown[] }).analyzedTopics;
    const created = await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics }).expect(201);
    const path = `/api/shared/${(created.body as { shareId: string }).shareId}`;
    const shared = (await p.gateway.request().get(path).expect(200)).body as unknown;
    const title = `GET /api/shared/{id}, a 40-minute analysis, Accept-Encoding: ${BROWSER_ENCODINGS}`;
    await versusBare(
      title,
      p,
      { path, body: shared },
      { headers: { 'accept-encoding': BROWSER_ENCODINGS }, bareCompresses: true },
    );
  } finally {
    await p.close();
  }
});
