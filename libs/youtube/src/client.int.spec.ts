import { sampleTranscript, startFakeYoutube, startForwardProxy, type FakeYoutube } from '@findclips/testing';
import { YoutubeClient } from './client';
import { YoutubeError } from './errors';

describe('YoutubeClient against the fake YouTube', () => {
  let youtube: FakeYoutube;
  let client: YoutubeClient;
  const segments = sampleTranscript(300);

  beforeAll(async () => {
    youtube = await startFakeYoutube();
    client = new YoutubeClient({ baseUrl: youtube.url, timeoutMs: 5_000 });
  });
  afterAll(() => youtube.close());

  it('returns details and segments from one watch page, one player call and one timedtext', async () => {
    youtube.addVideo({
      id: 'classicVid1',
      title: 'Sleep & memory',
      channel: 'The Long Table',
      durationSeconds: 301,
      tracks: [{ languageCode: 'en', segments }],
    });
    const before = { ...youtube.counts };
    const video = await client.fetchVideo('classicVid1');

    expect(video.details).toEqual({
      videoId: 'classicVid1',
      title: 'Sleep & memory',
      channelTitle: 'The Long Table',
      description: 'A video served by the fake YouTube.',
      thumbnailUrl: 'https://i.ytimg.com/vi/classicVid1/hqdefault.jpg',
      durationSeconds: 301,
      isLive: false,
    });
    expect(video.language).toBe('en');
    expect(video.segments).toHaveLength(segments.length);
    expect(video.segments[1]).toEqual(segments[1]);
    expect({
      watch: youtube.counts.watch - before.watch,
      player: youtube.counts.player - before.player,
      timedtext: youtube.counts.timedtext - before.timedtext,
    }).toEqual({ watch: 1, player: 1, timedtext: 1 });
  });

  it('gives seconds for srv3 captions (milliseconds on the wire) exactly as for classic ones', async () => {
    youtube.addVideo({ id: 'srv3Video01', tracks: [{ languageCode: 'en', segments, format: 'srv3' }] });
    youtube.addVideo({ id: 'classicVid2', tracks: [{ languageCode: 'en', segments, format: 'classic' }] });
    const fromSrv3 = await client.fetchVideo('srv3Video01');
    const fromClassic = await client.fetchVideo('classicVid2');
    expect(fromSrv3.segments).toEqual(fromClassic.segments);
    expect(fromSrv3.segments.at(-1)!.end).toBeCloseTo(segments.at(-1)!.end, 2);
    expect(fromSrv3.segments.at(-1)!.end).toBeLessThan(400);
  });

  it('decodes entities in caption text', async () => {
    youtube.addVideo({
      id: 'entities001',
      tracks: [{ languageCode: 'en', segments: [{ text: `Tom & Jerry's "show" <live>`, start: 0, end: 2 }] }],
    });
    expect((await client.fetchVideo('entities001')).segments[0]!.text).toBe(`Tom & Jerry's "show" <live>`);
  });

  it("prefers a manual track in the video's own language, never a translation", async () => {
    const say = (text: string) => [{ text, start: 0, end: 3 }];
    youtube.addVideo({
      id: 'manyTracks1',
      tracks: [
        { languageCode: 'en', segments: say('english translation'), translated: true },
        { languageCode: 'fr', segments: say('reconnaissance automatique'), kind: 'asr' },
        { languageCode: 'de', segments: say('deutsche untertitel') },
        { languageCode: 'fr-FR', segments: say('sous-titres manuels') },
      ],
    });
    const video = await client.fetchVideo('manyTracks1');
    expect(video.segments[0]!.text).toBe('sous-titres manuels');
    expect(video.language).toBe('fr-FR');

    youtube.addVideo({
      id: 'asrOnlyVid1',
      tracks: [
        { languageCode: 'es', segments: say('traducido'), translated: true },
        { languageCode: 'es', segments: say('generado automáticamente'), kind: 'asr' },
      ],
    });
    expect((await client.fetchVideo('asrOnlyVid1')).segments[0]!.text).toBe('generado automáticamente');
  });

  it.each([
    [
      'an unavailable video as VIDEO_UNAVAILABLE',
      { id: 'goneVideo01', playability: 'ERROR' as const, tracks: [] },
      'VIDEO_UNAVAILABLE',
      false,
    ],
    [
      'a private video as VIDEO_UNAVAILABLE',
      { id: 'privateVid1', playability: 'LOGIN_REQUIRED' as const, tracks: [] },
      'VIDEO_UNAVAILABLE',
      false,
    ],
    ['a video without captions as NO_TRANSCRIPT', { id: 'noCaptions1' }, 'NO_TRANSCRIPT', false],
    [
      'a video with only a translated track as NO_TRANSCRIPT',
      { id: 'onlyTransl1', tracks: [{ languageCode: 'en', translated: true, segments: [{ text: 'x', start: 0, end: 1 }] }] },
      'NO_TRANSCRIPT',
      false,
    ],
  ])('reports %s', async (_what, video, code, transient) => {
    youtube.addVideo(video);
    const error = await client.fetchVideo(video.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YoutubeError);
    expect(error).toMatchObject({ code, transient });
  });

  it('reports rate limiting (429) as transient', async () => {
    youtube.addVideo({ id: 'limitedVid1', tracks: [{ languageCode: 'en', segments }] });
    youtube.rateLimitNext(1);
    await expect(client.fetchVideo('limitedVid1')).rejects.toMatchObject({ code: 'YOUTUBE_RATE_LIMITED', transient: true });
    await expect(client.fetchVideo('limitedVid1')).resolves.toMatchObject({ language: 'en' });
  });

  it('reports an unreachable YouTube as transient', async () => {
    const nowhere = new YoutubeClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    await expect(nowhere.fetchVideo('classicVid1')).rejects.toMatchObject({ code: 'YOUTUBE_UNREACHABLE', transient: true });
  });

  it('reads details without captions, from the player alone', async () => {
    youtube.addVideo({ id: 'detailsOnly', title: 'No captions here', durationSeconds: 3700 });
    const before = youtube.counts.timedtext;
    expect(await client.fetchDetails('detailsOnly')).toMatchObject({ title: 'No captions here', durationSeconds: 3700 });
    expect(youtube.counts.timedtext).toBe(before);
    await expect(client.fetchDetails('goneVideo01')).rejects.toMatchObject({ code: 'VIDEO_UNAVAILABLE' });
  });

  it('sends every request through YOUTUBE_PROXY_URL when set', async () => {
    const proxy = await startForwardProxy();
    try {
      // This name does not resolve: only the proxy (which dials 127.0.0.1) can reach the fake.
      const unresolvable = youtube.url.replace('127.0.0.1', 'youtube.invalid');
      const direct = new YoutubeClient({ baseUrl: unresolvable, timeoutMs: 5_000 });
      await expect(direct.fetchVideo('classicVid1')).rejects.toMatchObject({ code: 'YOUTUBE_UNREACHABLE' });

      const proxied = new YoutubeClient({ baseUrl: unresolvable, proxyUrl: proxy.url, timeoutMs: 5_000 });
      const before = { ...youtube.counts };
      await expect(proxied.fetchVideo('classicVid1')).resolves.toMatchObject({ language: 'en' });
      expect(youtube.counts.timedtext - before.timedtext).toBe(1);
      expect(proxy.seen.every((target) => target.startsWith('youtube.invalid:'))).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});
