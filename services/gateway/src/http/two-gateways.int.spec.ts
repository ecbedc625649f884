// Two gateways behind one round-robin load balancer (README, "Scaling out"): one browser's
// requests alternate between them, and nothing it reads tells it that two serve it.
import { randomUUID } from 'node:crypto';
import type { Topic } from '@findclips/contracts';
import { CachedVideos } from '@findclips/db';
import { sampleTranscript, startFakeYoutube, strongPassword, uniqueEmail, type FakeYoutube } from '@findclips/testing';
import supertest from 'supertest';
import { startTestGateway, type TestGateway } from '../test/harness';

const topics: Topic[] = [
  { id: 't1', title: 'Buses', startTime: 0, endTime: 60, quotes: [{ id: 'q1', content: 'Buses.', startTime: 5, endTime: 15 }] },
  {
    id: 't2',
    title: 'Trams',
    startTime: 60,
    endTime: 120,
    quotes: [{ id: 'q2', content: 'Trams.', startTime: 65, endTime: 75 }],
  },
];

type Method = 'get' | 'post' | 'patch' | 'delete';

/** One browser: one cookie jar, whichever gateway the balancer sends a request to. */
function browser() {
  const jar = new Map<string, string>();
  return async (gw: TestGateway, method: Method, path: string, body?: object) => {
    const cookies = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const request = supertest(gw.url)[method](path).set('Cookie', cookies);
    const res = await (body === undefined ? request : request.send(body));
    for (const line of (res.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      const expires = attributes.find((a) => /^\s*expires=/i.test(a));
      const gone = value === '' || (expires !== undefined && new Date(expires.split('=')[1]!).getTime() < Date.now());
      if (gone) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  };
}

describe('two gateways on one database and Redis, one browser alternating between them', () => {
  let youtube: FakeYoutube;
  let a: TestGateway;
  let b: TestGateway;
  let cached: CachedVideos;
  beforeAll(async () => {
    youtube = await startFakeYoutube();
    // What the gateways share, as two instances of one deployment do.
    const env = {
      REDIS_KEY_PREFIX: `fc:test:${randomUUID()}:`,
      SESSION_SECRET: randomUUID() + randomUUID(),
      YOUTUBE_BASE_URL: youtube.url,
      LOGIN_LIMIT_PER_IP: '3',
    };
    a = await startTestGateway(env);
    b = await startTestGateway(env);
    cached = new CachedVideos(a.dataSource);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await youtube.close();
  });

  const newVideo = () => {
    const id = `w${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    youtube.addVideo({
      id,
      title: 'Transit',
      durationSeconds: 300,
      tracks: [{ languageCode: 'en', segments: sampleTranscript(300) }],
    });
    return id;
  };
  /** The shared analysis stored as the worker stores it. */
  const analyse = async (videoId: string) => {
    await cached.saveFetched(
      { videoId, title: 'Transit', thumbnailUrl: null, description: null, channelTitle: null, durationSeconds: 300 },
      'en',
      sampleTranscript(120),
    );
    expect(await cached.markAnalyzing(videoId)).toBe(true);
    expect(await cached.complete(videoId, topics, 'local', 'm')).toBe(true);
  };
  const titles = (res: { body: { analyzedTopics?: Topic[]; sharedTopics?: Topic[] } }) =>
    (res.body.analyzedTopics ?? res.body.sharedTopics)?.map((topic) => topic.title);
  const moments = (res: { text: string }) => [...res.text.matchAll(/"@type":"Clip","name":"([^"]+)"/g)].map((m) => m[1]);

  it("a member signs up, analyses, edits, shares, shares again and removes: each gateway answers the other's writes", async () => {
    const send = browser();
    const email = uniqueEmail();
    await send(a, 'post', '/api/register', { email, password: strongPassword() }).then((res) => expect(res.status).toBe(201));
    expect((await send(b, 'get', '/api/user')).body).toMatchObject({ email });

    const videoId = newVideo();
    expect((await send(a, 'post', `/api/videos/transcript?videoId=${videoId}`, {})).status).toBe(202);
    // Read while it runs, on both: nothing is kept of an analysis not finished.
    expect([
      (await send(b, 'get', `/api/cached-videos/${videoId}`)).status,
      (await send(a, 'get', `/api/cached-videos/${videoId}`)).status,
    ]).toEqual([404, 404]);
    await analyse(videoId);
    const [onA, onB] = [
      await send(a, 'get', `/api/cached-videos/${videoId}`),
      await send(b, 'get', `/api/cached-videos/${videoId}`),
    ];
    expect([onA.status, titles(onA), onA.headers.etag]).toEqual([200, ['Buses', 'Trams'], onB.headers.etag]);
    expect(onB.body).toEqual(onA.body);
    const transcripts = [
      await send(a, 'get', `/api/videos/${videoId}/transcript`),
      await send(b, 'get', `/api/videos/${videoId}/transcript`),
    ];
    expect(transcripts.map((res) => [res.status, res.headers.etag])).toEqual([
      [200, transcripts[0]!.headers.etag],
      [200, transcripts[0]!.headers.etag],
    ]);
    expect(transcripts[1]!.body).toEqual(transcripts[0]!.body);

    // An edit on A, read on B; the shared analysis stays as it was on both.
    const edited = await send(a, 'patch', `/api/user-videos/${videoId}`, { action: 'rename', topicId: 't1', title: 'Bus lanes' });
    expect(edited.status).toBe(200);
    expect(titles(await send(b, 'get', `/api/user-videos/${videoId}`))).toEqual(['Bus lanes', 'Trams']);
    expect(titles(await send(b, 'get', `/api/cached-videos/${videoId}`))).toEqual(['Buses', 'Trams']);

    // Shared on A, read on both (each keeps its topics), shared again with fewer on B, read on A.
    const shared = await send(a, 'post', '/api/analysis/share', { youtubeId: videoId, topics: edited.body.analyzedTopics });
    expect(shared.status).toBe(201);
    const { shareId } = shared.body as { shareId: string };
    for (const gw of [b, a]) {
      expect(titles(await send(gw, 'get', `/api/shared/${shareId}`))).toEqual(['Bus lanes', 'Trams']);
      expect(moments(await send(gw, 'get', `/shared/${shareId}`))).toEqual(['Bus lanes', 'Trams']);
    }
    const again = await send(b, 'post', '/api/analysis/share', {
      youtubeId: videoId,
      topics: edited.body.analyzedTopics.slice(1),
    });
    expect([again.status, again.body.shareId]).toEqual([200, shareId]);
    for (const gw of [a, b]) {
      expect(titles(await send(gw, 'get', `/api/shared/${shareId}`))).toEqual(['Trams']);
      expect(moments(await send(gw, 'get', `/shared/${shareId}`))).toEqual(['Trams']);
    }
    expect((await send(b, 'get', '/api/analysis/shares-map')).body).toEqual([{ shareId, youtubeId: videoId }]);

    expect((await send(a, 'delete', `/api/analysis/shared/${shareId}`)).status).toBe(200);
    for (const gw of [b, a]) {
      expect((await send(gw, 'get', `/api/shared/${shareId}`)).status).toBe(404);
      expect((await send(gw, 'get', `/shared/${shareId}`)).status).toBe(404);
    }
    expect((await send(b, 'get', '/api/analysis/shares-map')).body).toEqual([]);
    expect((await send(b, 'get', '/api/videos')).body).toEqual(
      expect.arrayContaining([expect.objectContaining({ youtubeId: videoId })]),
    );

    // Signed out on A: B says so.
    expect((await send(a, 'post', '/api/logout')).status).toBe(200);
    expect((await send(b, 'get', '/api/user')).status).toBe(401);
  });

  it("answers a finished analysis alike on both when a job that raced it fetches the video's details again", async () => {
    const videoId = newVideo();
    await analyse(videoId);
    const send = browser();
    const first = await send(a, 'get', `/api/cached-videos/${videoId}`);
    expect(first.body).toMatchObject({ title: 'Transit', language: 'en' });
    const english = (await send(a, 'get', `/api/videos/${videoId}/transcript`)).body.segments;
    // A job that found no captions when the analysis did stores YouTube's answer once the analysis
    // is complete: the title and captions changed meanwhile.
    const german = [{ text: 'Busse befördern mehr Menschen als Autos.', start: 0, end: 4 }];
    await cached.saveFetched(
      { videoId, title: 'Transit today', thumbnailUrl: null, description: null, channelTitle: 'Cities', durationSeconds: 300 },
      'de',
      german,
    );
    const read = async (gw: TestGateway) => {
      const analysis = await send(gw, 'get', `/api/cached-videos/${videoId}`);
      const transcript = await send(gw, 'get', `/api/videos/${videoId}/transcript`);
      const { title, channelTitle, language } = analysis.body as { title: string; channelTitle: string; language: string };
      return { title, channelTitle, language, etag: analysis.headers.etag, captions: transcript.body.segments };
    };
    const [onA, onB] = [await read(a), await read(b)];
    expect(onA).toEqual(onB);
    // The analysis as it was made, with the captions its topics were made from.
    expect(onA).toEqual({ title: 'Transit', channelTitle: null, language: 'en', etag: first.headers.etag, captions: english });
  });

  it("counts a guest's credits over both gateways", async () => {
    const send = browser();
    expect((await send(a, 'get', '/api/guest/credits')).body).toEqual({ left: 2 });
    expect((await send(b, 'post', `/api/guest/videos/transcript?videoId=${newVideo()}`)).status).toBe(202);
    expect((await send(a, 'get', '/api/guest/credits')).body).toEqual({ left: 1 });
    expect((await send(a, 'post', `/api/guest/videos/transcript?videoId=${newVideo()}`)).status).toBe(202);
    expect((await send(b, 'get', '/api/guest/credits')).body).toMatchObject({ left: 0, message: expect.any(String) });
    expect((await send(b, 'post', `/api/guest/videos/transcript?videoId=${newVideo()}`)).status).toBe(429);
    expect((await send(a, 'post', `/api/guest/videos/transcript?videoId=${newVideo()}`)).status).toBe(429);
  });

  it("signs out a member's other sessions through either gateway when the password changes on one", async () => {
    const [here, elsewhere] = [browser(), browser()];
    const [email, password] = [uniqueEmail(), strongPassword()];
    expect((await here(a, 'post', '/api/register', { email, password })).status).toBe(201);
    expect((await elsewhere(b, 'post', '/api/login', { email, password })).status).toBe(200);
    expect((await elsewhere(a, 'get', '/api/user')).status).toBe(200);
    const changed = await here(a, 'patch', '/api/profile/password', { currentPassword: password, newPassword: strongPassword() });
    expect(changed.status).toBe(200);
    expect([(await elsewhere(b, 'get', '/api/user')).status, (await elsewhere(a, 'get', '/api/user')).status]).toEqual([
      401, 401,
    ]);
    // The browser that changed it stays signed in on both.
    expect([(await here(b, 'get', '/api/user')).status, (await here(a, 'get', '/api/user')).status]).toEqual([200, 200]);
  });

  it('counts failed logins from one network over both gateways', async () => {
    const send = browser();
    const email = uniqueEmail();
    const statuses = [];
    for (const gw of [a, b, a, b])
      statuses.push((await send(gw, 'post', '/api/login', { email, password: 'wrong-password' })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
