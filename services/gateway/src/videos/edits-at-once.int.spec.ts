// A member's edits (PATCH /api/user-videos/:id), re-analyses (POST /api/videos/analyze) and
// captions (POST /api/user-videos/:id/transcript) of one video from many tabs at once: each in its
// turn, none refused for the others' waiting.
import { captionsMessages, type Topic } from '@findclips/contracts';
import { CachedVideos, MemberAnalyses, UploadedTranscripts } from '@findclips/db';
import { redisKeys } from '@findclips/runtime';
import { sampleTranscript, startFakeYoutube, strongPassword, uniqueEmail, type FakeYoutube } from '@findclips/testing';
import { startTestGateway, type TestGateway } from '../test/harness';

const topics: Topic[] = [
  { id: 't1', title: 'Opening', startTime: 0, endTime: 60, quotes: [{ id: 'q1', content: 'Hello.', startTime: 5, endTime: 15 }] },
  {
    id: 't2',
    title: 'Trams',
    startTime: 60,
    endTime: 120,
    quotes: [{ id: 'q2', content: 'Trams.', startTime: 65, endTime: 75 }],
  },
];

describe("a member's edits and re-analyses of one video sent at once", () => {
  let gw: TestGateway;
  let youtube: FakeYoutube;
  beforeAll(async () => {
    youtube = await startFakeYoutube();
    gw = await startTestGateway({ YOUTUBE_BASE_URL: youtube.url });
  });
  afterAll(async () => {
    await gw.close();
    await youtube.close();
  });

  /** A signed-in member with a video whose analysis is finished, and their own re-analysis of it when `own`. */
  async function memberWithVideo(prefix: string, own: boolean) {
    const browser = gw.browser();
    await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    const { id: userId } = (await browser.get('/api/user').expect(200)).body as { id: number };
    const videoId = `${prefix}${userId}`.padEnd(11, 'x').slice(0, 11);
    const cached = new CachedVideos(gw.dataSource);
    await cached.saveFetched(
      { videoId, title: 'A talk', thumbnailUrl: null, description: null, channelTitle: null, durationSeconds: 300 },
      'en',
      sampleTranscript(120),
    );
    await gw.dataSource.query(
      "UPDATE cached_youtube_data SET analysis_status = 'complete', analyzed_topics = $2 WHERE youtube_id = $1",
      [videoId, JSON.stringify(topics)],
    );
    if (own) {
      await new MemberAnalyses(gw.dataSource).save(userId, videoId, topics, {
        provider: 'local',
        model: 'local',
        transcriptSource: 'youtube',
        runId: null,
      });
    }
    return { browser, userId, videoId };
  }

  it('makes each edit in turn, the last one standing, when there are more of them than the pool has connections', async () => {
    const { browser, videoId } = await memberWithVideo('e', true);
    // The member's first edit, from six tabs at once (more than the test pool's 4 connections, as
    // more than the gateway's 10 can be): each waits its turn, none is refused for the others' waiting.
    const titles = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    const answers = await Promise.all(
      titles.map((title) => browser.patch(`/api/user-videos/${videoId}`).send({ action: 'rename', topicId: 't1', title })),
    );
    expect(answers.map((res) => [res.status, res.body.errorType])).toEqual(titles.map(() => [200, undefined]));
    const editedAt = (res: { body: { editedAt: string } }) => res.body.editedAt;
    const last = answers.reduce((a, b) => (editedAt(a) > editedAt(b) ? a : b));
    const read = await browser.get(`/api/user-videos/${videoId}`).expect(200);
    expect(read.body.analyzedTopics.map((topic: Topic) => topic.title)).toEqual([last.body.analyzedTopics[0].title, 'Trams']);
  });

  it('queues one re-analysis, paid once, for six requests at once, refusing none', async () => {
    const { browser, userId, videoId } = await memberWithVideo('r', false);
    const answers = await Promise.all(Array.from({ length: 6 }, () => browser.post('/api/videos/analyze').send({ videoId })));
    expect(answers.map((res) => [res.status, res.body])).toEqual(answers.map(() => [202, { videoId, status: 'pending' }]));
    expect((await browser.get(`/api/user-videos/${videoId}/status`).expect(200)).body).toMatchObject({ reanalyzing: true });
    expect(await gw.redis.zCard(redisKeys(gw.env.REDIS_KEY_PREFIX).memberAnalyses(userId))).toBe(1);
  });

  it('takes one of six uploads of captions sent at once, telling the others an analysis of them runs', async () => {
    const browser = gw.browser();
    await browser.post('/api/register').send({ email: uniqueEmail(), password: strongPassword() }).expect(201);
    const { id: userId } = (await browser.get('/api/user').expect(200)).body as { id: number };
    const videoId = `u${userId}`.padEnd(11, 'x').slice(0, 11);
    youtube.addVideo({ id: videoId, title: 'A talk without captions', durationSeconds: 600 });
    // Six files, each its own: which one the analysis reads must be the one the member was told was taken.
    const files = Array.from({ length: 6 }, (_, n) => ({
      name: `take-${n}.srt`,
      text: `1\n00:00:01,000 --> 00:00:09,000\nTake ${n} of the captions.\n\n2\n00:04:00,000 --> 00:04:08,000\nThe end of take ${n}.\n`,
    }));
    const answers = await Promise.all(files.map((file) => browser.post(`/api/user-videos/${videoId}/transcript`).send(file)));
    const taken = answers.findIndex((res) => res.status === 202);
    expect(answers.filter((res) => res.status === 202)).toHaveLength(1);
    expect(answers.filter((res) => res.status !== 202).map((res) => [res.status, res.body.message])).toEqual(
      Array.from({ length: 5 }, () => [409, captionsMessages.analysisRunning]),
    );
    const stored = await new UploadedTranscripts(gw.dataSource).find(userId, videoId);
    expect(stored?.sourceName).toBe(files[taken]?.name);
    expect(await gw.redis.zCard(redisKeys(gw.env.REDIS_KEY_PREFIX).memberAnalyses(userId))).toBe(1);
  });
});
