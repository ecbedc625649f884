import { randomUUID } from 'node:crypto';
import { SHARE_TOPICS_MAX, shareMessages } from '@findclips/contracts';
import { CachedYoutubeDataEntity, newShareId, SharedAnalysisEntity, Shares, writeTopics, writeTranscript } from '@findclips/db';
import supertest from 'supertest';
import { z } from 'zod';
import { until } from '@findclips/testing';
import { mapLimited } from '@findclips/analysis';
import { startPipeline, type Pipeline } from './harness';

/**
 * A video with key moments as Google's documentation for Clip markup describes it: VideoObject
 * needs name, thumbnailUrl and uploadDate (ISO 8601); each Clip a name, startOffset and url, with
 * endOffset after the start; offsets in seconds; urls absolute.
 */
const googleVideoObject = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('VideoObject'),
  name: z.string().min(1),
  description: z.string().min(1).optional(),
  thumbnailUrl: z.array(z.url()).min(1),
  uploadDate: z.iso.datetime(),
  duration: z
    .string()
    .regex(/^PT\d+S$/)
    .optional(),
  embedUrl: z.url(),
  hasPart: z
    .array(
      z
        .object({
          '@type': z.literal('Clip'),
          name: z.string().min(1),
          startOffset: z.number().int().min(0),
          endOffset: z.number().int(),
          url: z.url(),
        })
        .refine((clip) => clip.endOffset > clip.startOffset, 'a clip ends after it starts'),
    )
    .min(1),
});

describe('shares, history and the public shared page', () => {
  let p: Pipeline;
  beforeAll(async () => {
    p = await startPipeline({ PUBLIC_URL: 'https://clips.example.test/', TRUST_PROXY: '1' });
  });
  afterAll(() => p.close());

  const member = () => p.member();
  /** A video the member has analysed, and its topics. */
  async function analysed(browser: ReturnType<Pipeline['gateway']['browser']>, title?: string) {
    const videoId = p.addVideo(300, title ? { title } : {});
    await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const topics = (await browser.get(`/api/cached-videos/${videoId}`).expect(200)).body.analyzedTopics;
    return { videoId, topics };
  }

  it('shares the 100 topics a share may hold, each with its longest quotes (a body of 40 topics was refused as too large)', async () => {
    const { browser } = await member();
    const youtubeId = `big${Date.now().toString(36)}`.padEnd(11, 'x').slice(0, 11);
    // 100 topics of five 60-second quotes, as a 2-hour analysis by an AI provider may have them.
    const said = (t: number, q: number) =>
      `Topic ${t}, quote ${q}: ${'and so the city kept building its lines further out '.repeat(18)}`;
    const topics = Array.from({ length: SHARE_TOPICS_MAX }, (_, t) => ({
      id: `t${t}`,
      title: `A topic about the city's lines, part ${t + 1}`,
      startTime: t * 70,
      endTime: t * 70 + 70,
      quotes: Array.from({ length: 5 }, (_, q) => ({
        id: `t${t}q${q}`,
        content: said(t, q),
        startTime: t * 70 + q,
        endTime: t * 70 + q + 60,
      })),
    }));
    await p.gateway.dataSource.getRepository(CachedYoutubeDataEntity).insert({
      youtubeId,
      title: 'A long analysis',
      transcriptData: writeTranscript([{ text: 'Hello.', start: 0, end: 2 }]),
      analyzedTopics: writeTopics(topics),
      analysisStatus: 'complete',
    });
    const body = { youtubeId, topics, title: 'All of it', description: 'Watch the highlights' };
    expect(JSON.stringify(body).length).toBeGreaterThan(500_000);
    const created = await browser.post('/api/analysis/share').send(body).expect(201);
    const shared = await browser.get(`/api/shared/${created.body.shareId}`).expect(200);
    expect(shared.body.sharedTopics).toHaveLength(SHARE_TOPICS_MAX);
  });

  it('sends a shared page compressed to a browser or link preview that accepts it (its key moments were sent whole)', async () => {
    const youtubeId = `gz${Date.now().toString(36)}`.padEnd(11, 'x').slice(0, 11);
    const shareId = `gzipped${randomUUID().replace(/-/g, '')}`.slice(0, 22);
    const topics = Array.from({ length: SHARE_TOPICS_MAX }, (_, t) => ({
      id: `t${t}`,
      title: `A topic about the city's lines and who rides them, part ${t + 1}`,
      startTime: t * 70,
      endTime: t * 70 + 70,
      quotes: [{ id: `t${t}q0`, content: 'And so the city kept building.', startTime: t * 70, endTime: t * 70 + 5 }],
    }));
    await p.gateway.dataSource
      .getRepository(SharedAnalysisEntity)
      .insert({ shareId, youtubeId, sharedTopics: writeTopics(topics), title: 'All of it' });
    const asked = async (acceptEncoding: string) => {
      const response = await fetch(`${p.gateway.url}/shared/${shareId}`, {
        headers: { 'accept-encoding': acceptEncoding, 'user-agent': 'facebookexternalhit/1.1' },
      });
      const text = await response.text();
      return { status: response.status, encoding: response.headers.get('content-encoding'), text };
    };
    const plain = await asked('identity');
    expect(plain).toMatchObject({ status: 200, encoding: null });
    // A hundred key moments: tens of kilobytes of markup that compress to a fraction.
    expect(plain.text.length).toBeGreaterThan(20_000);
    expect(plain.text).toContain('<meta property="og:title" content="All of it">');
    for (const encoding of ['gzip', 'br']) {
      expect(await asked(encoding)).toEqual({ status: 200, encoding, text: plain.text });
    }
  });

  it("names a share of a video we know no title of in its preview as its page does, not 'A video'", async () => {
    const youtubeId = `nt${Date.now().toString(36)}`.padEnd(11, 'x').slice(0, 11);
    const shareId = `untitled${randomUUID().replace(/-/g, '')}`.slice(0, 22);
    const topics = [{ id: 't0', title: 'The opening', startTime: 0, endTime: 30, quotes: [] }];
    await p.gateway.dataSource
      .getRepository(SharedAnalysisEntity)
      .insert({ shareId, youtubeId, sharedTopics: writeTopics(topics) });
    // The page's heading and tab, as the app names the video (shared-page.tsx): what a preview shows too.
    const named = `YouTube video ${youtubeId} - Find &amp; Watch The Best Clips`;
    const page = (await p.gateway.request().get(`/shared/${shareId}`).expect(200)).text;
    expect(page).toContain(`<title>${named}</title>`);
    expect(page).toContain(`<meta property="og:title" content="${named}">`);
    expect(page).not.toContain('A video');
  });

  it('creates a share with an unguessable id (201), and sharing again updates it (200) and keeps the id', async () => {
    const { browser } = await member();
    const { videoId, topics } = await analysed(browser);
    const created = await browser
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics, title: 'First', description: 'Watch the highlights' })
      .expect(201);
    expect(created.body).toEqual({
      shareId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      youtubeId: videoId,
      url: `https://clips.example.test/shared/${created.body.shareId}`,
    });
    // A member's share is theirs: no guest id is made for it (the browser became a guest at logout).
    expect(String(created.headers['set-cookie'] ?? '')).not.toMatch(/\bgid=/);

    const again = await browser
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics: topics.slice(0, 1), title: 'Second' })
      .expect(200);
    expect(again.body.shareId).toBe(created.body.shareId);
    // The description left out is kept (it was cleared).
    const read = (await p.gateway.request().get(`/api/shared/${created.body.shareId}`).expect(200)).body;
    expect(read).toMatchObject({ title: 'Second', description: 'Watch the highlights', sharedTopics: topics.slice(0, 1) });

    // A title that shows nothing is none.
    await browser
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics, title: '\u200B', description: '\u2060' })
      .expect(200);
    expect((await p.gateway.request().get(`/api/shared/${created.body.shareId}`).expect(200)).body).toMatchObject({
      title: null,
      description: null,
    });
    // A description keeps its lines (the shared page shows them), blank ones at most one in a row.
    await browser
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics, description: 'Line one  \r\n\r\n \r\n\r\nLine two\nLine three' })
      .expect(200);
    expect((await p.gateway.request().get(`/api/shared/${created.body.shareId}`).expect(200)).body.description).toBe(
      'Line one\n\nLine two\nLine three',
    );
    const twice = await browser
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics: [topics[0], topics[0]] })
      .expect(400);
    expect(twice.body).toMatchObject({ field: 'topics', message: 'A topic can be shared only once' });
    const quoteTwice = { ...topics[0], quotes: [topics[0].quotes[0], topics[0].quotes[0]] };
    expect(
      (
        await browser
          .post('/api/analysis/share')
          .send({ youtubeId: videoId, topics: [quoteTwice] })
          .expect(400)
      ).body,
    ).toMatchObject({ field: 'topics', message: 'A quote can be shared only once' });
    // A share shows one or more topics, each with one or more quotes, as every analysis has them.
    const refused = async (shared: unknown[]) =>
      (await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics: shared }).expect(400)).body;
    expect(await refused([])).toMatchObject({ field: 'topics', message: 'A share holds at least one topic' });
    expect(await refused([{ ...topics[0], quotes: [] }])).toMatchObject({
      field: 'topics',
      message: 'Each shared topic keeps at least one quote',
    });
    // A right-to-left title keeps its direction marks (YouTube titles in Arabic or Hebrew carry them).
    const rtl = '\u2067\u0639\u0646\u0648\u0627\u0646\u2069 (\u202Bnew\u202C)';
    await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics, title: rtl }).expect(200);
    expect((await p.gateway.request().get(`/api/shared/${created.body.shareId}`).expect(200)).body.title).toBe(rtl);
  });

  it('is read by anyone; the owner is told so; the video is described', async () => {
    const { browser } = await member();
    const { videoId, topics } = await analysed(browser, 'The Long Table, episode 12');
    const { shareId } = (
      await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics, title: 'Best bits' }).expect(201)
    ).body;

    const read = await p.gateway.request().get(`/api/shared/${shareId}`).expect(200);
    // Told apart per viewer (isOwner, counted views): kept by no cache.
    expect(read.headers['cache-control']).toBe('no-store');
    const anonymous = read.body;
    expect(anonymous).toMatchObject({
      shareId,
      youtubeId: videoId,
      title: 'Best bits',
      isOwner: false,
      viewCount: 1,
      sharedTopics: topics,
      video: {
        title: 'The Long Table, episode 12',
        thumbnailUrl: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
        channelTitle: 'Fake Channel',
      },
    });
    // The owner's own visits are no views.
    expect((await browser.get(`/api/shared/${shareId}`).expect(200)).body).toMatchObject({ isOwner: true, viewCount: 1 });
    // A link checker asking whether the share is there (HEAD) reads nothing: no view.
    const checker = await member();
    await checker.browser.head(`/api/shared/${shareId}`).expect(200);
    const stranger = await member();
    expect((await stranger.browser.get(`/api/shared/${shareId}`).expect(200)).body).toMatchObject({
      isOwner: false,
      viewCount: 2,
    });
  });

  it('counts one view per address for visitors without cookies, whatever browser they claim to be', async () => {
    const { browser } = await member();
    const { videoId, topics } = await analysed(browser);
    const { shareId } = (await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics }).expect(201)).body;
    for (let i = 0; i < 5; i++) {
      await p.gateway.request().get(`/api/shared/${shareId}`).set('User-Agent', `Browser/${i}.0 (${randomUUID()})`).expect(200);
    }
    const row = await p.gateway.dataSource.getRepository(SharedAnalysisEntity).findOneByOrFail({ shareId });
    expect(row.viewCount).toBe(1);
  });

  it('refuses topics and quotes that are not from an analysis the sharer can read', async () => {
    const { browser } = await member();
    const { videoId, topics } = await analysed(browser);
    const refused = { message: shareMessages.notFromAnalysis, errorType: 'VALIDATION_ERROR', field: 'topics' };
    const [topic] = topics;
    const invented = [
      [{ ...topic, title: 'Our sponsor is the best' }],
      [{ ...topic, startTime: 4797, endTime: 5424 }],
      [{ ...topic, quotes: [{ ...topic.quotes[0], content: 'Words nobody said.' }] }],
      [{ ...topic, id: 'made-up-topic' }],
    ];
    for (const forged of invented) {
      expect((await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics: forged }).expect(400)).body).toEqual(
        refused,
      );
    }
    // Fewer topics or fewer quotes are a choice, not an invention.
    await browser
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics: [{ ...topic, quotes: topic.quotes.slice(0, 1) }] })
      .expect(201);

    // A member's private re-analysis is theirs to share, and nobody else's.
    const other = p.addVideo(300);
    const owner = await p.member('gemini');
    await owner.browser.post(`/api/videos/transcript?videoId=${other}`).send({}).expect(202);
    await p.nextEvent(other, 'VIDEO_ANALYZED');
    await owner.browser.post('/api/videos/analyze').send({ videoId: other }).expect(202);
    await until(async () => (await owner.browser.get(`/api/user-videos/${other}`)).status === 200);
    const privateTopics = (await owner.browser.get(`/api/user-videos/${other}`).expect(200)).body.analyzedTopics;
    const sharedTopics = (await owner.browser.get(`/api/cached-videos/${other}`).expect(200)).body.analyzedTopics;
    expect(privateTopics[0].id).not.toBe(sharedTopics[0].id);
    await owner.browser.post('/api/analysis/share').send({ youtubeId: other, topics: privateTopics }).expect(201);
    const stranger = await member();
    await stranger.browser.post('/api/analysis/share').send({ youtubeId: other, topics: privateTopics }).expect(400);
  });

  it('counts exactly one view per visitor: 50 concurrent visitors add 50, reloads add none', async () => {
    const { browser } = await member();
    const { videoId, topics } = await analysed(browser);
    const { shareId } = (await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics }).expect(201)).body;
    const visitors = Array.from({ length: 50 }, (_, i) => ({
      cookie: `gid=${randomUUID().replace(/-/g, '')}`,
      address: `2001:db8:5:${i.toString(16)}::1`,
    }));
    const visit = ({ cookie, address }: (typeof visitors)[number]) =>
      p.gateway.request().get(`/api/shared/${shareId}`).set('Cookie', cookie).set('X-Forwarded-For', address).expect(200);
    const viewCount = async () =>
      (await p.gateway.dataSource.getRepository(SharedAnalysisEntity).findOneByOrFail({ shareId })).viewCount;
    await Promise.all(visitors.map(visit));
    expect(await viewCount()).toBe(50);
    await Promise.all(visitors.slice(0, 10).map(visit));
    expect(await viewCount()).toBe(50);
    // Guest ids are the browser's own word: new ones from one network add no views.
    await Promise.all(
      Array.from({ length: 5 }, () => visit({ cookie: `gid=${randomUUID().replace(/-/g, '')}`, address: visitors[0]!.address })),
    );
    expect(await viewCount()).toBe(50);
  });

  it("lists the member's shares, lets only the owner remove one, and then it is gone", async () => {
    const owner = await member();
    const other = await member();
    const { videoId, topics } = await analysed(owner.browser);
    const { shareId } = (await owner.browser.post('/api/analysis/share').send({ youtubeId: videoId, topics }).expect(201)).body;
    expect((await owner.browser.get('/api/analysis/shares-map').expect(200)).body).toEqual([{ shareId, youtubeId: videoId }]);
    expect((await other.browser.get('/api/analysis/shares-map').expect(200)).body).toEqual([]);
    await p.gateway.request().get('/api/analysis/shares-map').expect(401);

    expect((await other.browser.delete(`/api/analysis/shared/${shareId}`).expect(404)).body.message).toBe(shareMessages.notFound);
    await p.gateway.request().delete(`/api/analysis/shared/${shareId}`).expect(401);
    await owner.browser.delete(`/api/analysis/shared/${shareId}`).expect(200);
    expect((await p.gateway.request().get(`/api/shared/${shareId}`).expect(404)).body).toEqual({
      message: 'Shared analysis not found',
      errorType: 'NOT_FOUND',
    });
    expect((await owner.browser.get('/api/analysis/shares-map').expect(200)).body).toEqual([]);
    await p.gateway.request().get('/api/shared/not-a-share-id!').expect(404);

    // Shared again, it is a new share at a new address: the removed link stays gone.
    const again = await owner.browser.post('/api/analysis/share').send({ youtubeId: videoId, topics }).expect(201);
    expect(again.body.shareId).not.toBe(shareId);
    await p.gateway.request().get(`/api/shared/${shareId}`).expect(404);
    await p.gateway.request().get(`/api/shared/${again.body.shareId}`).expect(200);
  });

  it('hides a share an operator made private (is_public false): not read, not listed, not previewed', async () => {
    const owner = await member();
    const { videoId, topics } = await analysed(owner.browser);
    const { shareId } = (await owner.browser.post('/api/analysis/share').send({ youtubeId: videoId, topics }).expect(201)).body;
    await p.gateway.dataSource.getRepository(SharedAnalysisEntity).update({ shareId }, { isPublic: false });

    expect((await p.gateway.request().get(`/api/shared/${shareId}`).expect(404)).body).toEqual({
      message: 'Shared analysis not found',
      errorType: 'NOT_FOUND',
    });
    await owner.browser.get(`/api/shared/${shareId}`).expect(404);
    expect((await owner.browser.get('/api/analysis/shares-map').expect(200)).body).toEqual([]);
    // The page is the app (which says the share is not there), without the share's preview.
    const page = await p.gateway.request().get(`/shared/${shareId}`).expect(404);
    expect(page.text).not.toContain(`/shared/${shareId}`);
    const viewCount = async () =>
      (await p.gateway.dataSource.getRepository(SharedAnalysisEntity).findOneByOrFail({ shareId })).viewCount;
    expect(await viewCount()).toBe(0);
  });

  it('lets a guest share a video they analysed, and nobody share what they have not', async () => {
    const guest = supertest.agent(p.gateway.url);
    const videoId = p.addVideo(300);
    await guest.post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const topics = (await guest.get(`/api/cached-videos/${videoId}`).expect(200)).body.analyzedTopics;
    const first = (await guest.post('/api/analysis/share').send({ youtubeId: videoId, topics }).expect(201)).body;
    expect((await guest.post('/api/analysis/share').send({ youtubeId: videoId, topics }).expect(200)).body.shareId).toBe(
      first.shareId,
    );
    const row = await p.gateway.dataSource.getRepository(SharedAnalysisEntity).findOneByOrFail({ shareId: first.shareId });
    expect(row).toMatchObject({ userId: null, guestSessionId: expect.stringMatching(/^[\w-]{16,}$/) });

    const stranger = await supertest
      .agent(p.gateway.url)
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics })
      .expect(403);
    expect(stranger.body.message).toBe(shareMessages.signInOrGuest);
    const { browser } = await member();
    const never = await browser.post('/api/analysis/share').send({ youtubeId: p.addVideo(), topics }).expect(404);
    expect(never.body).toMatchObject({ message: shareMessages.analyseFirst, field: 'youtubeId' });
  });

  it("keeps one page for each video a sharer shares: a second video's share leaves the first's page as it was", async () => {
    const { browser } = await member();
    const [a, b] = [await analysed(browser, 'Bus lanes'), await analysed(browser, 'Night trains')];
    const first = (
      await browser.post('/api/analysis/share').send({ youtubeId: a.videoId, topics: a.topics, title: 'A' }).expect(201)
    ).body;
    const second = (
      await browser
        .post('/api/analysis/share')
        .send({ youtubeId: b.videoId, topics: b.topics.slice(0, 1), title: 'B' })
        .expect(201)
    ).body;
    expect(second.shareId).not.toBe(first.shareId);
    expect((await p.gateway.request().get(`/api/shared/${first.shareId}`).expect(200)).body).toMatchObject({
      youtubeId: a.videoId,
      title: 'A',
      sharedTopics: a.topics,
    });
    // Sharing the first again updates its page only.
    await browser.post('/api/analysis/share').send({ youtubeId: a.videoId, topics: a.topics, title: 'A again' }).expect(200);
    expect((await p.gateway.request().get(`/api/shared/${second.shareId}`).expect(200)).body).toMatchObject({
      youtubeId: b.videoId,
      title: 'B',
    });
    expect((await browser.get('/api/analysis/shares-map').expect(200)).body).toHaveLength(2);
  });

  it("tells nobody but the guest who shared a page that it is theirs, and counts none of that guest's visits", async () => {
    const guest = supertest.agent(p.gateway.url);
    const videoId = p.addVideo(300);
    await guest.post(`/api/guest/videos/transcript?videoId=${videoId}`).expect(202);
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    const topics = (await guest.get(`/api/cached-videos/${videoId}`).expect(200)).body.analyzedTopics;
    const { shareId } = (await guest.post('/api/analysis/share').send({ youtubeId: videoId, topics }).expect(201)).body;
    // Their own visits are no views; a signed-out visitor and another guest are not its owner.
    expect((await guest.get(`/api/shared/${shareId}`).expect(200)).body).toMatchObject({ viewCount: 0 });
    expect((await p.gateway.request().get(`/api/shared/${shareId}`).expect(200)).body).toMatchObject({
      isOwner: false,
      viewCount: 1,
    });
    const other = supertest.agent(p.gateway.url);
    await other.get('/api/guest/credits').set('X-Forwarded-For', '198.51.100.77').expect(200);
    expect((await other.get(`/api/shared/${shareId}`).set('X-Forwarded-For', '198.51.100.77').expect(200)).body).toMatchObject({
      isOwner: false,
      viewCount: 2,
    });
  });

  it('validates the shared topics against the contract', async () => {
    const { browser } = await member();
    const { videoId, topics } = await analysed(browser);
    const bad = await browser
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics: [{ ...topics[0], title: 42 }] })
      .expect(400);
    expect(bad.body).toMatchObject({ message: 'topics.0.title must be text', field: 'topics.0.title' });
    const long = await browser
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics, title: 'x'.repeat(201) })
      .expect(400);
    expect(long.body.field).toBe('title');
  });

  it('orders the history by most recent, or by title, and refuses an order it does not have', async () => {
    const { browser } = await member();
    const names = ['Bravo talk', 'Alpha talk', 'Charlie talk'];
    const ids: string[] = [];
    for (const name of names) ids.push((await analysed(browser, name)).videoId);
    const recent = (await browser.get('/api/videos').expect(200)).body.map((v: { youtubeId: string }) => v.youtubeId);
    expect(recent).toEqual([...ids].reverse());
    const byTitle = (await browser.get('/api/videos?sort=title').expect(200)).body.map((v: { title: string }) => v.title);
    expect(byTitle).toEqual(['Alpha talk', 'Bravo talk', 'Charlie talk']);
    // An order given twice, or one we do not have, is a 400 saying so, not the latest first.
    const twice = await browser.get('/api/videos?sort=title&sort=title').expect(400);
    expect(twice.body).toMatchObject({ message: 'sort is given more than once', field: 'sort' });
    const unknown = await browser.get('/api/videos?sort=views').expect(400);
    expect(unknown.body).toMatchObject({ message: 'sort must be "recent" or "title"', field: 'sort' });
  });

  it('renders the shared page with escaped preview tags; unknown ids get the app and 404', async () => {
    const { browser } = await member();
    const { videoId, topics } = await analysed(browser);
    const title = `<script>alert("x")</script> & "quotes" 'too'`;
    const { shareId, url } = (
      await browser
        .post('/api/analysis/share')
        .send({ youtubeId: videoId, topics, title, description: 'Best <b>bits</b>' })
        .expect(201)
    ).body;

    const page = await p.gateway.request().get(`/shared/${shareId}`).expect(200).expect('content-type', /html/);
    const html = page.text;
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;too&#39;';
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}">`);
    expect(html).toContain(`<meta name="twitter:title" content="${escaped}">`);
    expect(html).toContain('<meta property="og:description" content="Best &lt;b&gt;bits&lt;/b&gt;">');
    expect(html).toContain(`<meta property="og:image" content="https://i.ytimg.com/vi/${videoId}/hqdefault.jpg">`);
    expect(url).toBe(`https://clips.example.test/shared/${shareId}`);
    expect(html).toContain(`<meta property="og:url" content="${url}">`);
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    // A request for another host changes none of our links.
    const spoofed = await p.gateway.request().get(`/shared/${shareId}`).set('Host', 'evil.example').expect(200);
    expect(spoofed.text).toContain(`<meta property="og:url" content="${url}">`);
    expect(spoofed.text).not.toContain('evil.example');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toContain('<script>alert');

    // Key moments for search engines: JSON-LD as Google documents it, escaped inside its script.
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    expect(blocks[0]![1]).not.toMatch(/[<>&]/);
    const video = googleVideoObject.parse(JSON.parse(blocks[0]![1]!));
    expect(video.name).toBe(`Sample ${videoId}`);
    expect(video.duration).toBe('PT300S');
    expect(video.hasPart).toEqual(
      topics.map((topic: { title: string; startTime: number; endTime: number }) => ({
        '@type': 'Clip',
        name: topic.title,
        startOffset: Math.floor(topic.startTime),
        endOffset: expect.any(Number),
        // The page's own address with the clip's time, as Google documents a clip's url.
        url: `${url}?t=${Math.floor(topic.startTime)}`,
      })),
    );
    // Whole seconds within each topic, each clip ending where the next starts at the latest.
    for (const [i, clip] of video.hasPart.entries()) {
      expect(clip.endOffset).toBeLessThanOrEqual(Math.max(clip.startOffset + 1, topics[i].endTime));
      expect(clip.endOffset).toBeGreaterThan(topics[i].endTime - 1);
      if (i > 0) expect(clip.startOffset).toBeGreaterThanOrEqual(video.hasPart[i - 1]!.endOffset);
    }
    const hostile = (
      await browser
        .post('/api/analysis/share')
        .send({ youtubeId: videoId, topics, description: '</script><script>alert(1)</script> <!-- &\u2028 end' })
        .expect(200)
    ).body;
    const hostileHtml = (await p.gateway.request().get(`/shared/${hostile.shareId}`).expect(200)).text;
    const [, json] = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(hostileHtml)!;
    expect(googleVideoObject.parse(JSON.parse(json!)).description).toBe('</script><script>alert(1)</script> <!-- &\u2028 end');
    expect(hostileHtml).not.toContain('<script>alert(1)');

    // A description the sharer cleared is shown nowhere: no preview says words they removed.
    const undescribed = await browser
      .post('/api/analysis/share')
      .send({ youtubeId: videoId, topics, description: '' })
      .expect(200);
    const plain = (await p.gateway.request().get(`/shared/${undescribed.body.shareId}`).expect(200)).text;
    expect(plain).not.toMatch(/<meta (name|property)="(og:|twitter:)?description"/);
    expect(plain).not.toContain('Watch the highlights');
    const [, plainJson] = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(plain)!;
    expect(googleVideoObject.parse(JSON.parse(plainJson!)).description).toBeUndefined();

    const untitled = (await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics, title: '' }).expect(200)).body;
    expect((await p.gateway.request().get(`/shared/${untitled.shareId}`).expect(200)).text).toContain(
      `<title>Sample ${videoId} - Find &amp; Watch The Best Clips</title>`,
    );

    const missing = await p.gateway.request().get('/shared/AAAAAAAAAAAAAAAAAAAAAA').expect(404).expect('content-type', /html/);
    expect(missing.text).toContain('<div id="root">');
    expect(missing.text).not.toContain('og:title');
    // An address that is not valid percent-encoding (a link cut short) is the app's page too, not JSON.
    const garbled = await p.gateway.request().get('/shared/abc%E0%A4%A').expect(404).expect('content-type', /html/);
    expect(garbled.text).toContain('<div id="root">');
  });

  it("renders a right-to-left video's shared page with its title isolated in the tab, not in the previews", async () => {
    const { browser } = await member();
    const { videoId, topics } = await analysed(browser, 'ראיון 2');
    const { shareId } = (await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics, title: '' }).expect(201))
      .body;
    const html = (await p.gateway.request().get(`/shared/${shareId}`).expect(200)).text;
    // As the app sets it once loaded: before, the tab read right to left until then.
    expect(html).toContain('<title>\u2068ראיון 2\u2069 - Find &amp; Watch The Best Clips</title>');
    expect(html).toContain('<meta property="og:title" content="ראיון 2 - Find &amp; Watch The Best Clips">');
  });

  it('gives each creation its own share id: 1,000 creations, 1,000 distinct ids', async () => {
    const shares = new Shares(p.gateway.dataSource);
    const videoId = p.addVideo();
    const owners = Array.from({ length: 1_000 }, (_, i) => `bulk-${i}-${randomUUID()}`);
    const rows = await mapLimited(owners, 16, (guestSessionId) =>
      shares.upsert(
        { guestSessionId },
        { transcriptSource: 'youtube', language: null, youtubeId: videoId, topics: [], title: null, description: null },
      ),
    );
    expect(rows.every((row) => row.created)).toBe(true);
    const ids = new Set(rows.map((r) => r.share.shareId));
    expect(ids.size).toBe(1_000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The ids they are given: 100,000 of them, all distinct (ids of 24 random bits would repeat some
    // 300 times among them; ours have 128). The database's part is the 1,000 rows above.
    const many = new Set(Array.from({ length: 100_000 }, newShareId));
    expect(many.size).toBe(100_000);
  }, 60_000);
});
