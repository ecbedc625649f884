import autocannon from 'autocannon';
import express from 'express';
import { listenOnLoopback, strongPassword, uniqueEmail } from '@findclips/testing';
import { startPipeline } from '../test/pipeline/harness';
import { percentile, report } from './report';

const DURATION_S = 4;
const CONNECTIONS = 32;
/**
 * Ours and the bare route take turns (the order swapped each round): on a shared machine a single
 * run of each measured the machine's drift as much as the gateway (ratios 0.40-0.62 one after another).
 */
const ROUNDS = 5;

async function load(url: string, duration = DURATION_S) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** GET /api/cached-videos/{id} against a bare Express route returning the same JSON from memory. */
it('cached-videos throughput as a ratio to a bare Express route', async () => {
  const p = await startPipeline({ LOG_LEVEL: 'info' });
  try {
    const videoId = p.addVideo(300);
    const browser = p.gateway.browser();
    await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const body = (await browser.get(`/api/cached-videos/${videoId}`).expect(200)).body;

    const bare = express();
    bare.get('/api/cached-videos/:id', (_req, res) => res.json(body));
    const bareServer = await listenOnLoopback(bare);

    const rounds: { ours: Awaited<ReturnType<typeof load>>; bare: Awaited<ReturnType<typeof load>> }[] = [];
    const runOurs = (duration?: number) => load(`${p.gateway.url}/api/cached-videos/${videoId}`, duration);
    const runBare = (duration?: number) => load(`${bareServer.url}/api/cached-videos/${videoId}`, duration);
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
    await bareServer.close();
    const ratios = rounds.map((r) => r.ours.rps / r.bare.rps);
    const range = (values: number[]) => `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}`;
    report('GET /api/cached-videos/{id}', {
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
      'body bytes': JSON.stringify(body).length,
    });
  } finally {
    await p.close();
  }
});
