import { strongPassword, uniqueEmail } from '@findclips/testing';
import { UserEntity } from '@findclips/db';
import { startPipeline } from '../test/pipeline/harness';
import { percentile, report } from './report';

/**
 * Pipeline overhead: a member submits a new 5-minute video; we time until the worker has stored
 * the result and announced it. YouTube and OpenAI are fakes that answer at once, so what is left
 * is our own overhead: HTTP, limits, queue, worker, database, grounding, events.
 */
it('submit → result stored, 200 videos', async () => {
  const p = await startPipeline({}, { WORKER_CONCURRENCY: '4' });
  try {
    const browser = p.gateway.browser();
    const user = (await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201))
      .body;
    await p.gateway.dataSource.getRepository(UserEntity).update({ id: user.id }, { aiProvider: 'openai' });
    const run = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const videoId = p.addVideo(300);
        const started = performance.now();
        await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
        await p.nextEvent(videoId, 'VIDEO_ANALYZED');
        times.push(performance.now() - started);
      }
      return times;
    };
    await run(20); // warm-up
    const times = await run(200);
    report('pipeline overhead (submit → stored, fakes answer at once, 5-min transcript)', {
      videos: times.length,
      'p50 ms': percentile(times, 50),
      'p99 ms': percentile(times, 99),
    });
  } finally {
    await p.close();
  }
});
