// The shared analysis's transitions through its table's owner, on the real database.
import { createHash, randomUUID } from 'node:crypto';
import type { Topic } from '@findclips/contracts';
import type { DataSource } from 'typeorm';
import { CachedVideos, type VideoDescription } from './cached-videos';
import { createDataSource } from './data-source';
import { readTopics } from './stored-topics';

const topics: Topic[] = [{ id: 't1', title: 'Bus lanes', startTime: 0, endTime: 60, quotes: [] }];
const segments = [{ text: 'Buses carry more people than cars do.', start: 0, end: 4 }];

/** The shared analysis's transitions, as retried and parallel jobs drive them, on the real database. */
describe("a video's shared analysis", () => {
  let db: DataSource;
  let cached: CachedVideos;
  beforeAll(async () => {
    db = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 4 }).initialize();
    cached = new CachedVideos(db);
  });
  afterAll(() => db.destroy());

  /** What YouTube says of a new video, its length not given. */
  const described = (): VideoDescription => ({
    videoId: randomUUID().replace(/-/g, '').slice(0, 11),
    title: 'A talk',
    thumbnailUrl: null,
    description: null,
    channelTitle: 'A channel',
    durationSeconds: null,
  });

  async function fetched(): Promise<string> {
    const details = described();
    const { videoId } = details;
    await cached.saveFetched(details, 'en', segments);
    return videoId;
  }

  it('is pending once fetched, with the length taken from the captions when YouTube gives none', async () => {
    const videoId = await fetched();
    expect(await cached.statusOf(videoId)).toMatchObject({ status: 'pending' });
    expect(await cached.findWithCaptions(videoId)).toMatchObject({ segments, durationSeconds: 4, status: 'pending' });
    expect(await cached.findFinishedTranscript(videoId)).toBeNull();
  });

  it('completes only from analyzing, once, and a complete analysis never changes again', async () => {
    const videoId = await fetched();
    expect(await cached.complete(videoId, topics, 'local', 'm')).toBe(false);
    expect(await cached.markAnalyzing(videoId)).toBe(true);
    expect(await cached.complete(videoId, topics, 'local', 'm')).toBe(true);
    expect(await cached.complete(videoId, [], 'local', 'm')).toBe(false);

    // A late attempt neither restarts nor fails it.
    expect(await cached.markAnalyzing(videoId)).toBe(false);
    await cached.markFailed(videoId, 'PROVIDER_ERROR', 'late failure');
    const row = await cached.find(videoId);
    expect(row).toMatchObject({ analysisStatus: 'complete', errorType: null, errorMessage: null });
    expect(readTopics(row!.analyzedTopics)).toEqual(topics);
    expect(await cached.findFinishedTranscript(videoId)).not.toBeNull();
  });

  it("tags a finished video's captions by their MD5, the tag changing with the captions", async () => {
    const details = described();
    await cached.saveFetched(details, 'en', segments);
    expect(await cached.finishedTranscriptTag(details.videoId)).toBeNull();
    await cached.markAnalyzing(details.videoId);
    await cached.complete(details.videoId, topics, 'local', 'm');
    const md5Of = async () =>
      createHash('md5')
        .update((await cached.findFinishedTranscript(details.videoId))!.transcriptData)
        .digest('hex');
    const tag = await cached.finishedTranscriptTag(details.videoId);
    expect(tag).toBe(await md5Of());
    // YouTube's answer stored again by a job that raced the analysis: the complete row stays as it
    // was made, captions, details and tag.
    const german = [{ text: 'Busse befördern mehr Menschen als Autos.', start: 0, end: 4 }];
    await cached.saveFetched({ ...details, title: 'Retitled' }, 'de', german);
    expect([await cached.finishedTranscriptTag(details.videoId), await md5Of()]).toEqual([tag, tag]);
    expect(await cached.find(details.videoId)).toMatchObject({ title: details.title, language: 'en' });
    // Captions changed in the table (an operator's repair, a restore): another tag.
    await db.query('UPDATE cached_youtube_data SET transcript_data = $2 WHERE youtube_id = $1', [
      details.videoId,
      JSON.stringify(german),
    ]);
    const retagged = await cached.finishedTranscriptTag(details.videoId);
    expect([retagged, retagged === tag]).toEqual([await md5Of(), false]);
    expect(await cached.finishedTranscriptTag('neverStored')).toBeNull();
  });

  it('records a failure, which the next attempt clears', async () => {
    const videoId = await fetched();
    await cached.markAnalyzing(videoId);
    await cached.markFailed(videoId, 'PROVIDER_ERROR', 'OpenAI did not answer.');
    expect(await cached.find(videoId)).toMatchObject({ analysisStatus: 'failed', errorType: 'PROVIDER_ERROR' });
    expect(await cached.markAnalyzing(videoId)).toBe(true);
    expect(await cached.find(videoId)).toMatchObject({ analysisStatus: 'analyzing', errorType: null, errorMessage: null });
    // A refusal keeps its categories for whoever asks after the event, until the next attempt.
    await cached.markFailed(videoId, 'CONTENT_POLICY', 'Refused.', ['hate', 'violence']);
    expect((await cached.statusOf(videoId))?.failure).toEqual({
      type: 'CONTENT_POLICY',
      message: 'Refused.',
      categories: ['hate', 'violence'],
    });
    await cached.markAnalyzing(videoId);
    expect(await cached.statusOf(videoId)).toMatchObject({ status: 'analyzing', failure: null });
  });

  it('lets one of two parallel attempts complete it', async () => {
    const videoId = await fetched();
    await Promise.all([cached.markAnalyzing(videoId), cached.markAnalyzing(videoId)]);
    const outcomes = await Promise.all([
      cached.complete(videoId, topics, 'local', 'm'),
      cached.complete(videoId, topics, 'local', 'm'),
    ]);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });

  const uploaded = [
    { text: 'Buses carry more people than cars do.', start: 0, end: 4 },
    { text: 'So give them the lanes.', start: 4, end: 7.2 },
  ];

  it("of a video without captions on YouTube is read with a member's uploaded captions, yet stays failed and without captions for everyone else until YouTube has some", async () => {
    const details = described();
    const { videoId } = details;
    // The member's read: their captions, the length where they end (rounded up), YouTube's details.
    expect(await cached.withUploadedCaptions(videoId, uploaded, async () => details)).toMatchObject({
      segments: uploaded,
      durationSeconds: 8,
      title: 'A talk',
      status: 'failed',
    });
    // Everyone else's: no captions stored (the job asks YouTube again), the shared analysis failed for want of them.
    expect(await cached.findWithCaptions(videoId)).toBeNull();
    expect(await cached.statusOf(videoId)).toMatchObject({
      status: 'failed',
      failure: { type: 'NO_TRANSCRIPT', message: 'This video has no captions on YouTube.', categories: [] },
    });

    // YouTube has captions now: they are stored over the empty ones, and the shared analysis may run.
    await cached.saveFetched({ ...details, durationSeconds: 30 }, 'en', segments);
    expect(await cached.findWithCaptions(videoId)).toMatchObject({ segments, durationSeconds: 30, status: 'failed' });
    expect(await cached.markAnalyzing(videoId)).toBe(true);
    expect(await cached.statusOf(videoId)).toMatchObject({ status: 'analyzing', failure: null });
  });
});
