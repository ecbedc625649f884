// GET /api/user-videos: a member's private analyses come a page at a time, latest first.
import { OWN_ANALYSES_PAGE, type Topic } from '@findclips/contracts';
import { CachedVideos, MemberAnalyses } from '@findclips/db';
import { oneTopicAnalysis, strongPassword, uniqueEmail } from '@findclips/testing';
import { startTestGateway, testDataSource, type TestGateway } from '../test/harness';

const topics: Topic[] = oneTopicAnalysis();

describe("a member's private analyses, a page at a time", () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({}, { dataSource: await testDataSource() });
  });
  afterAll(() => gw.close());

  /** A signed-in member with `count` re-analyses of their own, stored in the order of their ids. */
  async function memberWith(count: number) {
    const browser = gw.browser();
    await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    const { id: userId } = (await browser.get('/api/user').expect(200)).body as { id: number };
    const cached = new CachedVideos(gw.dataSource);
    const own = new MemberAnalyses(gw.dataSource);
    const videoIds = Array.from(
      { length: count },
      (_, i) => `p${userId}`.padEnd(8, 'x').slice(0, 8) + String(i).padStart(3, '0'),
    );
    for (const videoId of videoIds) {
      await cached.saveFetched(
        { videoId, title: `Talk ${videoId}`, thumbnailUrl: null, description: null, channelTitle: null, durationSeconds: 300 },
        'en',
        [{ text: 'Hello.', start: 0, end: 2 }],
      );
      await own.save(userId, videoId, topics, { provider: 'local', model: 'local', transcriptSource: 'youtube', runId: null });
    }
    return { browser, userId, videoIds };
  }

  /** Every page, following each answer's `Link: rel="next"` until there is none. */
  async function allPages(browser: ReturnType<TestGateway['browser']>, first: string) {
    const pages: string[][] = [];
    for (let url: string | undefined = first; url;) {
      const res: { body: unknown; headers: Record<string, unknown> } = await browser.get(url).expect(200);
      pages.push((res.body as { videoId: string }[]).map((analysis) => analysis.videoId));
      url = /<([^>]+)>;\s*rel="next"/.exec(String(res.headers.link ?? ''))?.[1];
    }
    return pages;
  }

  it('answers at most a page, and links each page to the next until every analysis was listed once', async () => {
    const { browser, videoIds } = await memberWith(OWN_ANALYSES_PAGE + 3);
    const latestFirst = [...videoIds].reverse();

    const pages = await allPages(browser, '/api/user-videos');
    expect(pages.map((page) => page.length)).toEqual([OWN_ANALYSES_PAGE, 3]);
    expect(pages.flat()).toEqual(latestFirst);

    const small = await allPages(browser, '/api/user-videos?limit=20');
    expect(small.map((page) => page.length)).toEqual([20, 20, 13]);
    expect(small.flat()).toEqual(latestFirst);
  });

  it('lists two analyses stored in the same millisecond once each', async () => {
    const { browser, userId, videoIds } = await memberWith(4);
    // Same millisecond, apart by microseconds: the cursor tells them apart.
    await gw.dataSource.query(
      `UPDATE user_video_analysis SET updated_at = '2026-12-01T10:00:00.123001Z'::timestamptz + (id % 2) * interval '1 microsecond'
        WHERE user_id = $1`,
      [userId],
    );
    const pages = await allPages(browser, '/api/user-videos?limit=1');
    expect(pages.map((page) => page.length)).toEqual([1, 1, 1, 1]);
    expect(pages.flat().sort()).toEqual([...videoIds].sort());
  });

  it('refuses a limit or cursor it cannot read with a 400 that says which', async () => {
    const { browser } = await memberWith(1);
    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'before=yesterday', 'before=1.2.3', "before=1'--.1"]) {
      const res = await browser.get(`/api/user-videos?${query}`).expect(400);
      expect([query, res.body.message]).toEqual([query, expect.stringMatching(/limit|before/)]);
    }
    // Said in words: a number past the integers a double counts exactly, a fraction, no number at all.
    for (const [query, message] of [
      ['limit=1e20', 'limit is too large a number'],
      ['limit=1e400', 'limit is too large a number'],
      ['limit=-1e20', 'limit is too small a number'],
      ['limit=2.5', 'limit must be a whole number'],
      ['limit=ten', 'limit must be a number'],
    ]) {
      const res = await browser.get(`/api/user-videos?${query}`).expect(400);
      expect([query, res.body.message]).toEqual([query, message]);
    }
    // A cursor past every analysis lists none (an id over PostgreSQL's integer answered 500).
    expect((await browser.get('/api/user-videos?before=1.9999999999').expect(200)).body).toEqual([]);
    // Nobody signed in: nothing to list.
    await gw.request().get('/api/user-videos').expect(401);
  });
});
