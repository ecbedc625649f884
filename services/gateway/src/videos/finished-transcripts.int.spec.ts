// GET /api/videos/:id/transcript while the captions of a finished video change under it (in the
// table: a job that fetches them again leaves a finished video's row as it is).
import { randomUUID } from 'node:crypto';
import { CachedVideos } from '@findclips/db';
import { startOneConnectionGateway } from '../test/harness';

const details = (videoId: string) => ({
  videoId,
  title: 'Buses',
  thumbnailUrl: null,
  description: null,
  channelTitle: null,
  durationSeconds: 60,
});
const english = [{ text: 'Buses carry more people than cars.', start: 0, end: 4 }];
const german = [{ text: 'Busse befördern mehr Menschen als Autos.', start: 0, end: 4 }];

describe('the transcript of a finished video whose captions are read again', () => {
  let one: Awaited<ReturnType<typeof startOneConnectionGateway>>;
  let cached: CachedVideos;
  beforeAll(async () => {
    one = await startOneConnectionGateway();
    cached = new CachedVideos(one.dataSource);
  });
  afterAll(() => one.close());

  /** The captions changed in the table, as an operator's repair or a restore would. */
  const storeCaptions = (videoId: string, segments: typeof english) =>
    one.dataSource.query('UPDATE cached_youtube_data SET transcript_data = $2 WHERE youtube_id = $1', [
      videoId,
      JSON.stringify(segments),
    ]);

  it('is never answered under the tag of other captions, nor kept under it', async () => {
    const videoId = `r${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    await cached.saveFetched(details(videoId), 'en', english);
    await cached.markAnalyzing(videoId);
    await cached.complete(videoId, [], 'local', 'm');
    const englishTag = `W/"${await cached.finishedTranscriptTag(videoId)}"`;

    // A reader asks for the tag while the connection is busy; the German captions are stored
    // between the tag's answer and the read of the captions.
    const { freed } = await one.hold();
    const reading = one.gw.request().get(`/api/videos/${videoId}/transcript`).set('Accept-Encoding', 'identity').then();
    await one.waiting(1, "the reader's question for the tag");
    const stored = storeCaptions(videoId, german);
    await freed;
    await stored;
    const raced = await reading;
    const germanTag = `W/"${await cached.finishedTranscriptTag(videoId)}"`;
    expect([raced.status, raced.headers.etag, raced.body]).toEqual([200, germanTag, { videoId, segments: german }]);

    // The English captions back: whoever asks gets them, not the German ones.
    await storeCaptions(videoId, english);
    const later = await one.gw.request().get(`/api/videos/${videoId}/transcript`).expect(200);
    expect([later.headers.etag, later.body]).toEqual([englishTag, { videoId, segments: english }]);
  });
});
