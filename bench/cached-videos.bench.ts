import autocannon from 'autocannon';
import express from 'express';
import { listenOnLoopback, strongPassword, uniqueEmail } from '@findclips/testing';
import { startPipeline } from '../test/pipeline/harness';
import { report } from './report';

const DURATION_S = 8;
const CONNECTIONS = 32;

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, pipelining: 1 });
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

    const ours = await load(`${p.gateway.url}/api/cached-videos/${videoId}`);
    const baseline = await load(`${bareServer.url}/api/cached-videos/${videoId}`);
    await bareServer.close();
    report('GET /api/cached-videos/{id}', {
      'req/s': ours.rps,
      'p50 ms': ours.p50,
      'p99 ms': ours.p99,
      errors: ours.errors,
      'bare Express req/s': baseline.rps,
      ratio: ours.rps / baseline.rps,
      'body bytes': JSON.stringify(body).length,
    });
  } finally {
    await p.close();
  }
});
