import { gunzipSync } from 'node:zlib';
import { AppError } from '@findclips/contracts';
import { FinishedAnswers } from './finished-answers';

/** An analysis whose JSON is about `chars` long. */
const analysisOf = (videoId: string, chars: number) => ({ videoId, analyzedTopics: 'x'.repeat(chars) });

describe('the answers about finished videos kept in memory', () => {
  it('hold what their size allows, however many there are (by count, 2,000 big ones held 1.1 GB)', async () => {
    const finished = new FinishedAnswers(async (videoId) => analysisOf(videoId, 1_000), { maxBytes: 10_000 });
    for (let i = 0; i < 50; i++) await finished.read(`video${String(i).padStart(6, '0')}`);
    expect(finished.heldBytes).toBeGreaterThan(5_000);
    expect(finished.heldBytes).toBeLessThanOrEqual(10_000);
  });

  it('read a video not held once for all who ask at the same time, and keep it', async () => {
    let reads = 0;
    const finished = new FinishedAnswers(async (videoId) => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return analysisOf(videoId, 100);
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => finished.read('dQw4w9WgXcQ')));
    expect(reads).toBe(1);
    expect(new Set(answers.map((answer) => answer.etag)).size).toBe(1);
    expect(JSON.parse(answers[0]!.json.toString())).toEqual(analysisOf('dQw4w9WgXcQ', 100));
    // The same JSON gzipped, as browsers take it.
    expect(gunzipSync(answers[0]!.gzip).equals(answers[0]!.json)).toBe(true);
    await finished.read('dQw4w9WgXcQ');
    expect(reads).toBe(1);
  });

  it('answer a read pushed out by others while it was under way', async () => {
    const finished = new FinishedAnswers(
      async (videoId) => {
        if (videoId === 'slowVideo01') await new Promise((resolve) => setTimeout(resolve, 50));
        return analysisOf(videoId, 1_000);
      },
      { maxBytes: 3_000 },
    );
    const slow = finished.read('slowVideo01');
    for (let i = 0; i < 10; i++) await finished.read(`video${String(i).padStart(6, '0')}`);
    await expect(slow).resolves.toMatchObject({ etag: expect.stringMatching(/^W\/"/) });
  });

  it('keep no failure: a video not analysed yet is read again next time', async () => {
    let analysed = false;
    const finished = new FinishedAnswers(async (videoId) => {
      if (!analysed) throw new AppError('NOT_FOUND', 'Video not found');
      return analysisOf(videoId, 10);
    });
    await expect(finished.read('dQw4w9WgXcQ')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    analysed = true;
    await expect(finished.read('dQw4w9WgXcQ')).resolves.toMatchObject({ etag: expect.stringMatching(/^W\/"/) });
  });
});
