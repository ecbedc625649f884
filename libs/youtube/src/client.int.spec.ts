import { videoMessages } from '@findclips/contracts';
import { sampleTranscript, startFakeYoutube, startForwardProxy, type FakeYoutube } from '@findclips/testing';
import { playabilityError, YoutubeClient } from './client';
import { CAPTIONS_WITHOUT_WORDS, notStartedMessage, streamEndedMessage, UNREADABLE_CAPTIONS, YoutubeError } from './errors';
import { embeddedPlayerResponse } from './tracks';

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
      hasCaptions: true,
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

  it("prefers a manual track in the video's own language and never asks for a machine translation", async () => {
    const say = (text: string) => [{ text, start: 0, end: 3 }];
    youtube.addVideo({
      id: 'manyTracks1',
      tracks: [
        { languageCode: 'fr', segments: say('reconnaissance automatique'), kind: 'asr' },
        { languageCode: 'de', segments: say('deutsche untertitel') },
        { languageCode: 'fr-FR', segments: say('sous-titres manuels') },
      ],
    });
    const before = youtube.counts.translations;
    const video = await client.fetchVideo('manyTracks1');
    expect(video.segments[0]!.text).toBe('sous-titres manuels');
    expect(video.language).toBe('fr-FR');

    youtube.addVideo({
      id: 'asrOnlyVid1',
      tracks: [{ languageCode: 'es', segments: say('generado automáticamente'), kind: 'asr' }],
    });
    expect((await client.fetchVideo('asrOnlyVid1')).segments[0]!.text).toBe('generado automáticamente');
    expect(youtube.counts.translations).toBe(before);
  });

  it("decodes YouTube's doubly escaped entities and strips the markup of manual tracks", async () => {
    youtube.addVideo({
      id: 'apostrophe1',
      tracks: [
        {
          languageCode: 'en',
          segments: [
            { text: 'I don\'t have to pay & I\'m "free"', start: 0, end: 3 },
            { text: '<i>[music]</i> <b>it\'s</b> <font color="#E5E5E5">fine</font>', start: 3, end: 6 },
            { text: 'so if i<b and j>0 we stop', start: 6, end: 9 },
          ],
        },
      ],
    });
    youtube.addVideo({
      id: 'apostroph3s',
      tracks: [{ languageCode: 'en', format: 'srv3', segments: [{ text: "I don't have to pay", start: 0, end: 3 }] }],
    });
    const { segments: classic } = await client.fetchVideo('apostrophe1');
    expect(classic.map((s) => s.text)).toEqual([
      'I don\'t have to pay & I\'m "free"',
      "[music] it's fine",
      'so if i<b and j>0 we stop',
    ]);
    expect((await client.fetchVideo('apostroph3s')).segments[0]!.text).toBe("I don't have to pay");
  });

  it('ends each overlapping auto-caption cue where the next one starts', async () => {
    youtube.addVideo({
      id: 'overlapAsr1',
      tracks: [
        {
          languageCode: 'en',
          kind: 'asr',
          segments: [
            { text: 'so the first line', start: 0.16, end: 4.4 },
            { text: 'stays on screen while', start: 2.08, end: 6.2 },
            { text: 'the next is spoken', start: 4.4, end: 7 },
          ],
        },
      ],
    });
    const { segments: cues } = await client.fetchVideo('overlapAsr1');
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [0.16, 2.08],
      [2.08, 4.4],
      [4.4, 7],
    ]);
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
    [
      'a members-only video as VIDEO_UNAVAILABLE',
      { id: 'membersVid1', playability: 'UNPLAYABLE' as const, tracks: [] },
      'VIDEO_UNAVAILABLE',
      false,
    ],
    ['a video without captions as NO_TRANSCRIPT', { id: 'noCaptions1' }, 'NO_TRANSCRIPT', false],
  ])('reports %s', async (_what, video, code, transient) => {
    youtube.addVideo(video);
    const error = await client.fetchVideo(video.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YoutubeError);
    expect(error).toMatchObject({
      code,
      transient,
      message:
        code === 'NO_TRANSCRIPT'
          ? videoMessages.noCaptions
          : 'This video is unavailable: it may be private, removed or restricted.',
    });
  });

  it('says an upcoming premiere or scheduled live stream has not started, not that it is unavailable', async () => {
    youtube.addVideo({ id: 'premiere001', playability: 'LIVE_STREAM_OFFLINE', tracks: [] });
    await expect(client.fetchVideo('premiere001')).rejects.toMatchObject({
      code: 'VIDEO_UNAVAILABLE',
      message: 'This live stream or premiere has not started yet. Please try again once it has aired.',
      detail: 'player LIVE_STREAM_OFFLINE: Premieres in 2 hours',
    });
    await expect(client.fetchDetails('premiere001')).rejects.toMatchObject({ message: notStartedMessage });
  });

  it('says a live stream that has ended without a recording yet is not there yet, not that it has not started', async () => {
    youtube.addVideo({ id: 'streamEnded', playability: 'LIVE_STREAM_OFFLINE', stream: 'ended', tracks: [] });
    await expect(client.fetchDetails('streamEnded')).rejects.toMatchObject({
      code: 'VIDEO_UNAVAILABLE',
      message: 'This live stream has ended and its recording is not available yet. Please try again later.',
      detail: 'player LIVE_STREAM_OFFLINE: This live event has ended.',
    });
  });

  it('takes direction overrides and control characters out of what YouTube says, and names a video whose title shows nothing by its id', async () => {
    youtube.addVideo({
      id: 'overrides01',
      // NUL, which PostgreSQL refuses in text: storing the video's details failed.
      title: '\u202Egnp.kcilc Cheap\u0000 subway tour',
      channel: '\u202Eeht lennahc\u0007',
      tracks: [{ languageCode: 'en', segments: [{ text: 'Hello \u202Eworld', start: 0, end: 3 }] }],
    });
    await expect(client.fetchVideo('overrides01')).resolves.toMatchObject({
      details: { title: 'gnp.kcilc Cheap subway tour', channelTitle: 'eht lennahc' },
      segments: [{ text: 'Hello world', start: 0, end: 3 }],
    });
    for (const [id, title] of [
      ['blankTitle1', '   '],
      ['blankTitle2', '\u200B\u200D'],
    ] as const) {
      youtube.addVideo({ id, title, channel: ' ', tracks: [{ languageCode: 'en', segments }] });
      await expect(client.fetchDetails(id)).resolves.toMatchObject({ title: `YouTube video ${id}`, channelTitle: null });
    }
  });

  it('reads a live stream on the air as live, with no length and, as YouTube serves it, no captions', async () => {
    youtube.addVideo({ id: 'onTheAir001', stream: 'live' });
    await expect(client.fetchDetails('onTheAir001')).resolves.toMatchObject({
      isLive: true,
      durationSeconds: null,
      hasCaptions: false,
    });
    // A recording of one, as most podcasts streamed live are: not live.
    youtube.addVideo({
      id: 'wasLive0001',
      stream: 'recorded',
      durationSeconds: 3_600,
      tracks: [{ languageCode: 'en', segments }],
    });
    await expect(client.fetchDetails('wasLive0001')).resolves.toMatchObject({ isLive: false, durationSeconds: 3_600 });
  });

  it('reports a caption request refused with 403 as YouTube blocking us (transient), not as a video without captions', async () => {
    youtube.addVideo({ id: 'forbidden01', tracks: [{ languageCode: 'en', segments }] });
    youtube.failNext('forbidden', 1, 'timedtext');
    await expect(client.fetchVideo('forbidden01')).rejects.toMatchObject({ code: 'YOUTUBE_BLOCKED', transient: true });
    await expect(client.fetchVideo('forbidden01')).resolves.toMatchObject({ language: 'en' });
  });

  it('reports rate limiting (429) as transient', async () => {
    youtube.addVideo({ id: 'limitedVid1', tracks: [{ languageCode: 'en', segments }] });
    youtube.failNext('rate-limit');
    await expect(client.fetchVideo('limitedVid1')).rejects.toMatchObject({
      code: 'YOUTUBE_RATE_LIMITED',
      transient: true,
      message: 'YouTube is limiting our requests right now. Please try again in a few minutes.',
    });
    await expect(client.fetchVideo('limitedVid1')).resolves.toMatchObject({ language: 'en' });
  });

  it.each([
    ['the bot check ("Sign in to confirm you’re not a bot")', 'bot-check' as const, 'player LOGIN_REQUIRED'],
    ['a 400 FAILED_PRECONDITION from the player', 'failed-precondition' as const, 'player 400'],
    ['a 400 "API key not valid" from the player', 'invalid-key' as const, 'API key not valid'],
    ["Google's reCAPTCHA page", 'recaptcha' as const, 'reCAPTCHA'],
  ])('reports %s as YouTube refusing us: transient, never "unavailable"', async (_what, failure, detail) => {
    youtube.addVideo({ id: 'refusedVid1', tracks: [{ languageCode: 'en', segments }] });
    youtube.failNext(failure);
    const error = (await client.fetchVideo('refusedVid1').catch((e: unknown) => e)) as YoutubeError;
    expect(error).toMatchObject({
      code: 'YOUTUBE_BLOCKED',
      transient: true,
      message: 'YouTube is refusing our requests right now. Please try again later.',
    });
    expect(error.detail).toContain(detail);
    youtube.failNext(failure);
    await expect(client.fetchDetails('refusedVid1')).rejects.toMatchObject({ code: 'YOUTUBE_BLOCKED', transient: true });
    await expect(client.fetchVideo('refusedVid1')).resolves.toMatchObject({ language: 'en' });
  });

  it.each([
    ['UNPLAYABLE "Video unavailable" (The page needs to be reloaded.)', 'page-reload' as const, 'page needs to be reloaded'],
    ['ERROR "This video is unavailable" (Watch on the latest version of YouTube.)', 'latest-version' as const, 'latest version'],
  ])('reports the player refusing its client with %s as YouTube refusing us, for any video', async (_what, answer, detail) => {
    youtube.addVideo({ id: 'oldClient01', tracks: [{ languageCode: 'en', segments }] });
    youtube.refuseClient = { clientName: 'ANDROID', answer };
    try {
      const error = (await client.fetchVideo('oldClient01').catch((e: unknown) => e)) as YoutubeError;
      expect(error).toMatchObject({ code: 'YOUTUBE_BLOCKED', transient: true });
      expect(error.detail).toContain(detail);
      await expect(client.fetchDetails('oldClient01')).rejects.toMatchObject({ code: 'YOUTUBE_BLOCKED', transient: true });
    } finally {
      youtube.refuseClient = null;
    }
    await expect(client.fetchVideo('oldClient01')).resolves.toMatchObject({ language: 'en' });
  });

  it('reads the player response a watch page carries, strings and all, and none from a page without one', () => {
    const player = { playabilityStatus: { status: 'OK' }, videoDetails: { title: 'a "}" {b}', shortDescription: 'x\\' } };
    const page = `<script>var ytInitialPlayerResponse = ${JSON.stringify(player)};var meta = {};</script>`;
    expect(embeddedPlayerResponse(page)).toEqual(player);
    expect(embeddedPlayerResponse('<html><script>ytcfg.set({"INNERTUBE_API_KEY":"k"});</script></html>')).toBeUndefined();
    expect(embeddedPlayerResponse('<script>var ytInitialPlayerResponse = {"cut": "short</script>')).toBeUndefined();
  });

  it('reads "The following content is not available on this app." as YouTube refusing us, a removed video as unavailable', () => {
    const status = (reason: string, subreason?: string) => ({
      status: 'UNPLAYABLE',
      reason,
      ...(subreason ? { errorScreen: { playerErrorMessageRenderer: { subreason: { simpleText: subreason } } } } : {}),
    });
    expect(
      playabilityError('x', { playabilityStatus: status('The following content is not available on this app.') }),
    ).toMatchObject({
      code: 'YOUTUBE_BLOCKED',
    });
    expect(
      playabilityError('x', { playabilityStatus: { ...status('This video is unavailable'), status: 'ERROR' } }),
    ).toMatchObject({
      code: 'VIDEO_UNAVAILABLE',
      detail: 'player ERROR: This video is unavailable',
    });
    expect(
      playabilityError('x', {
        playabilityStatus: status(
          'Video unavailable',
          'This video is no longer available because the uploader has closed their YouTube account.',
        ),
      }),
    ).toMatchObject({ code: 'VIDEO_UNAVAILABLE' });
  });

  it("checks a player answer without captions against the watch page's before saying the video has none", async () => {
    // A title whose braces and quotes the watch page's script holds in strings.
    youtube.addVideo({ id: 'noCaptions1', title: 'Sets {a, b}: "}" and \\"{"', tracks: [{ languageCode: 'en', segments }] });
    youtube.refuseClient = { clientName: 'ANDROID', answer: 'no-captions' };
    try {
      // The browser's tracks need a proof-of-origin token, as they do today: YouTube refuses us.
      const error = (await client.fetchVideo('noCaptions1').catch((e: unknown) => e)) as YoutubeError;
      expect(error).toMatchObject({ code: 'YOUTUBE_BLOCKED', transient: true });
      expect(error.detail).toContain('the watch page lists 1, each needing a PO token');
      await expect(client.fetchDetails('noCaptions1')).rejects.toMatchObject({ code: 'YOUTUBE_BLOCKED' });

      // Readable ones are read.
      youtube.watchPageTracksGated = false;
      const video = await client.fetchVideo('noCaptions1');
      expect(video.segments).toHaveLength(segments.length);
      expect(video.details.title).toBe('Sets {a, b}: "}" and \\"{"');
      expect(await client.fetchDetails('noCaptions1')).toMatchObject({ hasCaptions: true });

      // The browser's answer refused too (the bot check): YouTube is refusing us, not a video without captions.
      youtube.failNext('bot-check', 1, 'watch');
      const checked = (await client.fetchVideo('noCaptions1').catch((e: unknown) => e)) as YoutubeError;
      expect(checked).toMatchObject({ code: 'YOUTUBE_BLOCKED', transient: true });
      expect(checked.detail).toContain('not a bot');

      // A video the browser's answer lists no captions for either has none.
      youtube.addVideo({ id: 'noCaptions2', title: 'Silent film' });
      await expect(client.fetchVideo('noCaptions2')).rejects.toMatchObject({ code: 'NO_TRANSCRIPT', transient: false });
      expect(await client.fetchDetails('noCaptions2')).toMatchObject({ title: 'Silent film', hasCaptions: false });
    } finally {
      youtube.refuseClient = null;
      youtube.watchPageTracksGated = true;
    }
  });

  it.each([
    ['server-error', 503, 'watch'],
    ['server-error', 503, 'player'],
    ['server-error', 503, 'timedtext'],
    ['internal-error', 500, 'watch'],
    ['internal-error', 500, 'player'],
    ['internal-error', 500, 'timedtext'],
  ] as const)('reports a %s (%s) on the %s request as transient', async (failure, status, on) => {
    youtube.addVideo({ id: 'flakyVideo1', tracks: [{ languageCode: 'en', segments }] });
    youtube.failNext(failure, 1, on);
    await expect(client.fetchVideo('flakyVideo1')).rejects.toMatchObject({
      code: 'YOUTUBE_UNREACHABLE',
      transient: true,
      message: `YouTube is having trouble right now (HTTP ${status}). Please try again shortly.`,
    });
    await expect(client.fetchVideo('flakyVideo1')).resolves.toMatchObject({ language: 'en' });
  });

  it("reports the player's 403 page as YouTube refusing us, whatever the video, not as the video gone", async () => {
    youtube.addVideo({ id: 'refusedHere', tracks: [{ languageCode: 'en', segments }] });
    youtube.failNext('forbidden', 1, 'player');
    await expect(client.fetchVideo('refusedHere')).rejects.toMatchObject({ code: 'YOUTUBE_BLOCKED', transient: true });
    await expect(client.fetchVideo('refusedHere')).resolves.toMatchObject({ language: 'en' });
  });

  it('reports captions answered as a page, not a caption document, as transient: the video may well have captions', async () => {
    youtube.addVideo({ id: 'pageInPlace', tracks: [{ languageCode: 'en', segments }] });
    youtube.failNext('html-page', 1, 'timedtext');
    const error = (await client.fetchVideo('pageInPlace').catch((e: unknown) => e)) as YoutubeError;
    expect(error).toMatchObject({ code: 'YOUTUBE_UNREACHABLE', transient: true, message: UNREADABLE_CAPTIONS });
    expect(error.detail).toContain('Network login');
    await expect(client.fetchVideo('pageInPlace')).resolves.toMatchObject({ language: 'en' });
  });

  it('prefers a track it can read over one gated by a PO token, and reports an empty caption body as transient', async () => {
    const say = (text: string) => [{ text, start: 0, end: 3 }];
    youtube.addVideo({
      id: 'gatedTrack1',
      tracks: [
        { languageCode: 'en', segments: say('manual but gated'), poTokenGated: true },
        { languageCode: 'en', kind: 'asr', segments: say('automatic and open') },
      ],
    });
    expect((await client.fetchVideo('gatedTrack1')).segments[0]!.text).toBe('automatic and open');

    youtube.addVideo({ id: 'gatedOnly01', tracks: [{ languageCode: 'en', segments: say('gated'), poTokenGated: true }] });
    const error = (await client.fetchVideo('gatedOnly01').catch((e: unknown) => e)) as YoutubeError;
    expect(error).toMatchObject({
      code: 'YOUTUBE_EMPTY_CAPTIONS',
      transient: true,
      message: "YouTube sent this video's captions empty. Please try again later.",
    });
    expect(error.detail).toContain('PO token');
  });

  it('gets past the EU cookie-consent page', async () => {
    youtube.addVideo({ id: 'consentVid1', tracks: [{ languageCode: 'en', segments }] });
    try {
      youtube.consent = 'any';
      const first = youtube.counts.watch;
      await expect(client.fetchVideo('consentVid1')).resolves.toMatchObject({ language: 'en' });
      // The consent cookie goes with the first request: the form is never seen.
      expect(youtube.counts.watch - first).toBe(1);
      // Where only the form's own CONSENT cookie is honoured: one more watch request, with it.
      youtube.consent = 'consent-only';
      const before = youtube.counts.watch;
      await expect(client.fetchVideo('consentVid1')).resolves.toMatchObject({ language: 'en' });
      expect(youtube.counts.watch - before).toBe(2);
      // A form that stays whatever we send: YouTube refusing us, never the page read as the video's.
      youtube.consent = 'always';
      await expect(client.fetchVideo('consentVid1')).rejects.toMatchObject({
        code: 'YOUTUBE_BLOCKED',
        transient: true,
        detail: 'the cookie-consent page',
      });
    } finally {
      youtube.consent = 'off';
    }
  });

  it('reports an unreachable YouTube as transient', async () => {
    const nowhere = new YoutubeClient({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    await expect(nowhere.fetchVideo('classicVid1')).rejects.toMatchObject({
      code: 'YOUTUBE_UNREACHABLE',
      transient: true,
      message: 'YouTube could not be reached. Please try again shortly.',
    });
  });

  it('reads details without captions, from the player alone', async () => {
    youtube.addVideo({ id: 'detailsOnly', title: 'No captions here', durationSeconds: 3700 });
    const before = youtube.counts.timedtext;
    expect(await client.fetchDetails('detailsOnly')).toMatchObject({
      title: 'No captions here',
      durationSeconds: 3700,
      hasCaptions: false,
    });
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

  it('gives no description for an empty one, and a description without control characters', async () => {
    youtube.addVideo({ id: 'noDescript1', description: '', tracks: [{ languageCode: 'en', segments }] });
    youtube.addVideo({ id: 'nulDescript', description: 'Chapters\u0000 below', tracks: [{ languageCode: 'en', segments }] });
    await expect(client.fetchDetails('noDescript1')).resolves.toMatchObject({ description: null });
    await expect(client.fetchDetails('nulDescript')).resolves.toMatchObject({ description: 'Chapters below' });
  });

  it('reads "try again later" as YouTube refusing us, and tells a stream to come from one that ended by its slate or its details', () => {
    expect(
      playabilityError('x', {
        playabilityStatus: { status: 'UNPLAYABLE', reason: 'An error occurred. Please try again later.' },
      }),
    ).toMatchObject({ code: 'YOUTUBE_BLOCKED', transient: true });
    const offline = { status: 'LIVE_STREAM_OFFLINE', reason: 'Offline' };
    const slate = {
      liveStreamabilityRenderer: { offlineSlate: { liveStreamOfflineSlateRenderer: { scheduledStartTime: '1' } } },
    };
    // No details to tell: not said to have ended.
    expect(playabilityError('x', { playabilityStatus: offline })).toMatchObject({ message: notStartedMessage });
    expect(playabilityError('x', { playabilityStatus: offline, videoDetails: { isUpcoming: true } })).toMatchObject({
      message: notStartedMessage,
    });
    expect(
      playabilityError('x', { playabilityStatus: { ...offline, liveStreamability: slate }, videoDetails: {} }),
    ).toMatchObject({
      message: notStartedMessage,
    });
    expect(playabilityError('x', { playabilityStatus: offline, videoDetails: {} })).toMatchObject({
      code: 'VIDEO_UNAVAILABLE',
      message: streamEndedMessage,
    });
  });

  it('reports a track served without a word as a video without captions, with the detail that says so', async () => {
    youtube.addVideo({ id: 'wordless001', tracks: [{ languageCode: 'en', segments: [] }] });
    await expect(client.fetchVideo('wordless001')).rejects.toMatchObject({
      code: 'NO_TRANSCRIPT',
      transient: false,
      message: videoMessages.noCaptions,
      detail: CAPTIONS_WITHOUT_WORDS,
    });
  });

  it("reads the watch page's readable track when it lists a gated one beside it", async () => {
    const say = (text: string) => [{ text, start: 0, end: 3 }];
    youtube.addVideo({
      id: 'mixedWatch1',
      tracks: [
        { languageCode: 'en', segments: say('manual but gated'), poTokenGated: true },
        { languageCode: 'en', kind: 'asr', segments: say('automatic and open') },
      ],
    });
    youtube.refuseClient = { clientName: 'ANDROID', answer: 'no-captions' };
    youtube.watchPageTracksGated = false;
    try {
      expect((await client.fetchVideo('mixedWatch1')).segments[0]!.text).toBe('automatic and open');
    } finally {
      youtube.refuseClient = null;
      youtube.watchPageTracksGated = true;
    }
  });

  it('keeps times to the millisecond, the text of entities written out, and no cue of direction overrides alone', async () => {
    youtube.addVideo({
      id: 'msAndText01',
      tracks: [
        {
          languageCode: 'en',
          segments: [
            { text: '\u202E', start: 0, end: 1 },
            { text: 'Type &lt;br&gt; for a line break', start: 1.234, end: 2.5 },
          ],
        },
      ],
    });
    expect((await client.fetchVideo('msAndText01')).segments).toEqual([
      { text: 'Type &lt;br&gt; for a line break', start: 1.234, end: 2.5 },
    ]);
  });

  it('gives up on a request YouTube does not answer in time, as unreachable: with or without a signal of the caller', async () => {
    youtube.addVideo({ id: 'slowVideo01', tracks: [{ languageCode: 'en', segments }] });
    const impatient = new YoutubeClient({ baseUrl: youtube.url, timeoutMs: 300 });
    youtube.latencyMs = 1_500;
    try {
      await expect(impatient.fetchVideo('slowVideo01')).rejects.toMatchObject({ code: 'YOUTUBE_UNREACHABLE', transient: true });
      await expect(impatient.fetchDetails('slowVideo01', new AbortController().signal)).rejects.toMatchObject({
        code: 'YOUTUBE_UNREACHABLE',
        transient: true,
      });
    } finally {
      youtube.latencyMs = 0;
    }
  });

  it('reports captions answered with white space alone as sent empty (transient), not as a page', async () => {
    youtube.addVideo({ id: 'blankBody01', tracks: [{ languageCode: 'en', segments }] });
    youtube.failNext('blank-body', 1, 'timedtext');
    await expect(client.fetchVideo('blankBody01')).rejects.toMatchObject({
      code: 'YOUTUBE_EMPTY_CAPTIONS',
      transient: true,
      detail: 'an empty body',
    });
    await expect(client.fetchVideo('blankBody01')).resolves.toMatchObject({ language: 'en' });
  });

  it('takes a base URL given with a trailing slash', async () => {
    const slashed = new YoutubeClient({ baseUrl: `${youtube.url}/`, timeoutMs: 5_000 });
    await expect(slashed.fetchVideo('classicVid1')).resolves.toMatchObject({ language: 'en' });
  });
});
