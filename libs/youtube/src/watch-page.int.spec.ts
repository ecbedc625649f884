import { sampleTranscript, startFakeYoutube, type FakeYoutube } from '@findclips/testing';
import { YoutubeClient } from './client';
import type { YoutubeError } from './errors';

describe('a page in place of the watch page', () => {
  let youtube: FakeYoutube;
  let client: YoutubeClient;
  beforeAll(async () => {
    youtube = await startFakeYoutube();
    client = new YoutubeClient({ baseUrl: youtube.url, timeoutMs: 5_000 });
  });
  afterAll(() => youtube.close());

  it('is YouTube failing us this time (transient), not a video without captions', async () => {
    youtube.addVideo({ id: 'pageForWtch', tracks: [{ languageCode: 'en', segments: sampleTranscript(20) }] });
    youtube.failNext('html-page', 1, 'watch');
    const error = (await client.fetchVideo('pageForWtch').catch((e: unknown) => e)) as YoutubeError;
    expect(error).toMatchObject({ code: 'YOUTUBE_UNREACHABLE', transient: true });
    expect(error.detail).toContain('Network login');
    youtube.failNext('html-page', 1, 'watch');
    await expect(client.fetchDetails('pageForWtch')).rejects.toMatchObject({ code: 'YOUTUBE_UNREACHABLE', transient: true });
    await expect(client.fetchVideo('pageForWtch')).resolves.toMatchObject({ language: 'en' });
  });
});
