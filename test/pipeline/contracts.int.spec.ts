import {
  analysisQueuedResponseSchema,
  checkStatusResponseSchema,
  errorBodySchema,
  guestCreditsResponseSchema,
  historyVideoSchema,
  messageResponseSchema,
  reanalysisStatusSchema,
  sharedAnalysisResponseSchema,
  shareResponseSchema,
  sharesMapSchema,
  transcriptResponseSchema,
  userSchema,
  verifyPasswordResponseSchema,
  videoAnalysisResponseSchema,
  videoMetadataResponseSchema,
  videoTranscriptSchema,
} from '@findclips/contracts';
import { sampleTranscript, strongPassword, uniqueEmail } from '@findclips/testing';
import { z } from 'zod';
import { startPipeline, type Pipeline } from './harness';

/** What a walk of a schema needs of zod's definitions (zod 4). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Where `value` has a key its contract does not name, at any depth: `z.strictObject` semantics
 * over the whole schema. An object that takes any other key (`z.looseObject`, a catchall) names
 * them all. zod strips unknown keys when it parses, so a parse alone would never show one.
 */
export function unnamedKeys(schema: z.ZodType, value: unknown, path = '$'): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
      const shape = def.shape!;
      return Object.entries(value).flatMap(([key, inner]) =>
        Object.hasOwn(shape, key)
          ? unnamedKeys(shape[key]!, inner, `${path}.${key}`)
          : def.catchall && defOf(def.catchall).type !== 'never'
            ? []
            : [`${path}.${key}`],
      );
    }
    case 'array':
      return Array.isArray(value) ? value.flatMap((item, i) => unnamedKeys(def.element!, item, `${path}[${i}]`)) : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return value === null || value === undefined ? [] : unnamedKeys(def.innerType!, value, path);
    case 'pipe':
      return unnamedKeys(def.in!, value, path);
    case 'lazy':
      return unnamedKeys(def.getter!(), value, path);
    case 'union': {
      const option = def.options!.find((o) => o.safeParse(value).success) ?? def.options![0]!;
      return unnamedKeys(option, value, path);
    }
    default:
      return [];
  }
}

type Answer = { status: number; body: unknown; headers: Record<string, string | undefined>; text: string };

/**
 * Every JSON answer of the API, as a member and a guest meet them, against the contract its web
 * app is built on (libs/contracts): the fields it names and no other, at any depth. A key the
 * contract does not name is either a leak (an internal id, a guest session, another person's data)
 * or a contract the web app cannot rely on; the errors all are `{ message, errorType? }`.
 */
describe('every JSON answer against its contract', () => {
  let p: Pipeline;
  /** What differed from the contracts, gathered over a test so that it lists them all. */
  let differences: string[];
  beforeAll(async () => {
    p = await startPipeline({ PUBLIC_URL: 'https://clips.example.test/' });
  });
  afterAll(() => p.close());
  beforeEach(() => {
    differences = [];
  });

  /** A successful answer: its status, and its body in its contract, strictly. */
  function answers<S extends z.ZodType>(what: string, res: Answer, status: number, schema: S): z.output<S> {
    expect(`${what}: ${res.status}`).toBe(`${what}: ${status}`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const parsed = schema.safeParse(res.body);
    if (!parsed.success) differences.push(`${what}: ${z.prettifyError(parsed.error)}`);
    for (const key of unnamedKeys(schema, res.body)) differences.push(`${what}: ${key} is not in the contract`);
    return parsed.success ? parsed.data : (res.body as z.output<S>);
  }

  /** A refusal: its status and code, with a message to read, in the error body's contract. */
  function refuses(what: string, res: Answer, status: number, errorType?: string) {
    expect(`${what}: ${res.status}`).toBe(`${what}: ${status}`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const parsed = errorBodySchema.safeParse(res.body);
    if (!parsed.success) return void differences.push(`${what}: ${z.prettifyError(parsed.error)}`);
    if (!parsed.data.message.trim()) differences.push(`${what}: the error has no message`);
    // The error body takes other keys (`looseObject`), but the web app reads each one it is sent:
    // every key sent is one the contract names.
    for (const key of unnamedKeys(z.strictObject(errorBodySchema.shape), res.body))
      differences.push(`${what}: ${key} is not in the contract`);
    if (errorType !== undefined) expect(parsed.data.errorType).toBe(errorType);
    return parsed.data;
  }

  /** An analysed video (a member asked for it, the worker finished it). */
  async function analysed(browser: ReturnType<Pipeline['gateway']['browser']>, seconds = 300) {
    const videoId = p.addVideo(seconds);
    answers(
      'POST /api/videos/transcript (new)',
      await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}),
      202,
      transcriptResponseSchema,
    );
    await p.nextEvent(videoId, 'VIDEO_ANALYZED');
    return videoId;
  }

  it('sees a key the contract does not name, at any depth, which a parse alone drops', () => {
    const user = {
      id: 1,
      email: 'a@example.test',
      name: null,
      firstName: null,
      lastName: null,
      googleId: null,
      avatarUrl: null,
      aiProvider: 'gemini',
      createdAt: '',
    };
    expect(userSchema.parse({ ...user, passwordHash: 'x' })).toEqual(user);
    expect(unnamedKeys(userSchema, { ...user, passwordHash: 'x' })).toEqual(['$.passwordHash']);
    const topic = {
      id: 't',
      title: 'T',
      startTime: 0,
      endTime: 1,
      quotes: [{ id: 'q', content: 'Q', startTime: 0, endTime: 1, userId: 3 }],
    };
    expect(unnamedKeys(transcriptResponseSchema, { analyzedTopics: [topic] })).toEqual(['$.analyzedTopics[0].quotes[0].userId']);
    expect(unnamedKeys(z.array(historyVideoSchema), [{ id: 1, guestId: 'g' }])).toEqual(['$[0].guestId']);
    expect(unnamedKeys(errorBodySchema, { message: 'm', guestId: 'g' })).toEqual([]);
    expect(unnamedKeys(z.strictObject(errorBodySchema.shape), { message: 'm', guestId: 'g' })).toEqual(['$.guestId']);
  });

  it("answers a member's account, profile and password calls in their contracts", async () => {
    const browser = p.gateway.browser();
    const email = uniqueEmail('contract');
    const password = strongPassword();
    const user = answers('POST /api/register', await browser.post('/api/register').send({ email, password }), 201, userSchema);
    refuses(
      'POST /api/register (taken)',
      await p.gateway.request().post('/api/register').send({ email, password }),
      409,
      'CONFLICT',
    );
    refuses(
      'POST /api/register (weak)',
      await p.gateway
        .request()
        .post('/api/register')
        .send({ email: uniqueEmail('c'), password: 'short' }),
      400,
      'VALIDATION_ERROR',
    );
    refuses(
      'POST /api/login (wrong)',
      await p.gateway
        .request()
        .post('/api/login')
        .send({ email, password: `${password}x` }),
      401,
      'UNAUTHORIZED',
    );
    answers('POST /api/login', await p.gateway.browser().post('/api/login').send({ email, password }), 200, userSchema);
    expect(answers('GET /api/user', await browser.get('/api/user'), 200, userSchema).id).toBe(user.id);
    refuses('GET /api/user (nobody)', await p.gateway.request().get('/api/user'), 401, 'UNAUTHORIZED');

    answers(
      'PATCH /api/profile',
      await browser.patch('/api/profile').send({ firstName: 'Ada', lastName: 'Lovelace' }),
      200,
      userSchema,
    );
    refuses(
      'PATCH /api/profile (empty)',
      await browser.patch('/api/profile').send({ firstName: '', lastName: 'L' }),
      400,
      'VALIDATION_ERROR',
    );
    answers(
      'POST /api/verify-password',
      await browser.post('/api/verify-password').send({ password }),
      200,
      verifyPasswordResponseSchema,
    );
    answers(
      'POST /api/verify-password (wrong)',
      await browser.post('/api/verify-password').send({ password: 'nope' }),
      200,
      verifyPasswordResponseSchema,
    );
    refuses(
      'PATCH /api/profile/email (wrong password)',
      await browser.patch('/api/profile/email').send({ email: uniqueEmail('new'), currentPassword: `${password}x` }),
      400,
    );
    answers(
      'PATCH /api/profile/email',
      await browser.patch('/api/profile/email').send({ email: uniqueEmail('new'), currentPassword: password }),
      200,
      userSchema,
    );
    const newPassword = strongPassword();
    answers(
      'PATCH /api/profile/password',
      await browser.patch('/api/profile/password').send({ currentPassword: password, newPassword }),
      200,
      userSchema,
    );
    refuses(
      'PATCH /api/profile (nobody)',
      await p.gateway.request().patch('/api/profile').send({ firstName: 'A', lastName: 'B' }),
      401,
      'UNAUTHORIZED',
    );

    answers('GET /api/scheduled-posts', await browser.get('/api/scheduled-posts'), 200, z.array(z.never()));
    refuses('GET /api/x/accounts', await browser.get('/api/x/accounts'), 503, 'X_FEATURES_DISABLED');
    refuses('GET /api/no-such-route', await browser.get('/api/no-such-route'), 404, 'NOT_FOUND');
    refuses('PUT /api/user', await browser.put('/api/user').send({}), 405, 'METHOD_NOT_ALLOWED');
    refuses('POST /api/login (not JSON)', await p.gateway.request().post('/api/login').type('form').send('email=a'), 415);
    refuses(
      'POST /api/login (bad JSON)',
      await p.gateway.request().post('/api/login').type('json').send('{'),
      400,
      'VALIDATION_ERROR',
    );
    answers('POST /api/logout', await browser.post('/api/logout'), 200, messageResponseSchema);
    expect(differences).toEqual([]);
  });

  it("answers a member's videos, edits, re-analysis, captions and shares in their contracts", async () => {
    const { browser, user } = await p.member();
    const videoId = await analysed(browser);

    const again = answers(
      'POST /api/videos/transcript (finished)',
      await browser.post(`/api/videos/transcript?videoId=${videoId}`).send({}),
      200,
      transcriptResponseSchema,
    );
    expect(again.analyzedTopics?.length).toBeGreaterThan(0);
    refuses(
      'POST /api/videos/transcript (bad id)',
      await browser.post('/api/videos/transcript?videoId=x').send({}),
      400,
      'VALIDATION_ERROR',
    );
    refuses(
      'POST /api/videos/transcript (nobody)',
      await p.gateway.request().post(`/api/videos/transcript?videoId=${videoId}`).send({}),
      401,
      'UNAUTHORIZED',
    );
    const uncaptioned = p.addVideo(300, { tracks: undefined });
    refuses(
      'POST /api/videos/transcript (no captions)',
      await browser.post(`/api/videos/transcript?videoId=${uncaptioned}`).send({}),
      422,
      'NO_TRANSCRIPT',
    );
    answers(
      'GET /api/videos/check-status (refused)',
      await browser.get(`/api/videos/check-status?videoId=${uncaptioned}`),
      200,
      checkStatusResponseSchema,
    );
    answers(
      'GET /api/videos/check-status',
      await browser.get(`/api/videos/check-status?videoId=${videoId}`),
      200,
      checkStatusResponseSchema,
    );

    const cached = answers(
      'GET /api/cached-videos/:id',
      await browser.get(`/api/cached-videos/${videoId}`),
      200,
      videoAnalysisResponseSchema,
    );
    refuses('GET /api/cached-videos/:id (none)', await browser.get(`/api/cached-videos/${p.addVideo()}`), 404, 'NOT_FOUND');
    answers('GET /api/videos/:id/transcript', await browser.get(`/api/videos/${videoId}/transcript`), 200, videoTranscriptSchema);
    answers(
      'GET /api/videos/metadata/:id',
      await browser.get(`/api/videos/metadata/${videoId}`),
      200,
      videoMetadataResponseSchema,
    );
    refuses('GET /api/videos/metadata/:id (bad id)', await browser.get('/api/videos/metadata/x'), 400, 'VALIDATION_ERROR');
    answers('GET /api/videos', await browser.get('/api/videos'), 200, z.array(historyVideoSchema));
    refuses('GET /api/user-videos/:id (none)', await browser.get(`/api/user-videos/${videoId}`), 404, 'NOT_FOUND');

    const [topic] = cached.analyzedTopics;
    answers(
      'PATCH /api/user-videos/:id',
      await browser.patch(`/api/user-videos/${videoId}`).send({ action: 'rename', topicId: topic!.id, title: 'Renamed' }),
      200,
      videoAnalysisResponseSchema,
    );
    refuses(
      'PATCH /api/user-videos/:id (no action)',
      await browser.patch(`/api/user-videos/${videoId}`).send({ action: 'fly' }),
      400,
      'VALIDATION_ERROR',
    );
    answers('GET /api/user-videos/:id', await browser.get(`/api/user-videos/${videoId}`), 200, videoAnalysisResponseSchema);
    answers('GET /api/user-videos', await browser.get('/api/user-videos'), 200, z.array(videoAnalysisResponseSchema));
    answers(
      'DELETE /api/user-videos/:id/edits',
      await browser.delete(`/api/user-videos/${videoId}/edits`),
      200,
      videoAnalysisResponseSchema,
    );
    answers(
      'GET /api/user-videos/:id/status',
      await browser.get(`/api/user-videos/${videoId}/status`),
      200,
      reanalysisStatusSchema,
    );

    const after = p.events.length;
    answers(
      'POST /api/videos/analyze',
      await browser.post('/api/videos/analyze').send({ videoId, forceReanalyze: true }),
      202,
      analysisQueuedResponseSchema,
    );
    await p.nextEvent(videoId, 'VIDEO_ANALYZED', undefined, { userId: user.id, after });
    refuses(
      'POST /api/videos/analyze (bad id)',
      await browser.post('/api/videos/analyze').send({ videoId: 'x' }),
      400,
      'VALIDATION_ERROR',
    );

    const text = sampleTranscript(300)
      .map(
        (s, i) =>
          `${i + 1}\n00:00:${String(Math.floor(s.start)).padStart(2, '0')},000 --> 00:00:${String(Math.min(59, Math.ceil(s.end))).padStart(2, '0')},000\n${s.text}\n`,
      )
      .slice(0, 10)
      .join('\n');
    const captioned = p.addVideo(300, { tracks: [] });
    const uploadAfter = p.events.length;
    answers(
      'POST /api/user-videos/:id/transcript',
      await browser.post(`/api/user-videos/${captioned}/transcript`).send({ text, name: 'talk.srt' }),
      202,
      analysisQueuedResponseSchema,
    );
    await p.nextEvent(captioned, 'VIDEO_ANALYZED', undefined, { userId: user.id, after: uploadAfter });
    answers(
      'GET /api/user-videos/:id/transcript',
      await browser.get(`/api/user-videos/${captioned}/transcript`),
      200,
      videoTranscriptSchema,
    );
    refuses(
      'GET /api/user-videos/:id/transcript (none)',
      await browser.get(`/api/user-videos/${videoId}/transcript`),
      404,
      'NOT_FOUND',
    );

    const share = answers(
      'POST /api/analysis/share',
      await browser
        .post('/api/analysis/share')
        .send({ youtubeId: videoId, topics: cached.analyzedTopics.slice(0, 1), title: 'Mine' }),
      201,
      shareResponseSchema,
    );
    refuses(
      'POST /api/analysis/share (no topics)',
      await browser.post('/api/analysis/share').send({ youtubeId: videoId, topics: [] }),
      400,
      'VALIDATION_ERROR',
    );
    answers(
      'GET /api/shared/:shareId (owner)',
      await browser.get(`/api/shared/${share.shareId}`),
      200,
      sharedAnalysisResponseSchema,
    );
    answers(
      'GET /api/shared/:shareId (anyone)',
      await p.gateway.request().get(`/api/shared/${share.shareId}`),
      200,
      sharedAnalysisResponseSchema,
    );
    answers('GET /api/analysis/shares-map', await browser.get('/api/analysis/shares-map'), 200, sharesMapSchema);
    refuses(
      'DELETE /api/analysis/shared/:shareId (stranger)',
      await (await p.member()).browser.delete(`/api/analysis/shared/${share.shareId}`),
      404,
    );
    answers(
      'DELETE /api/analysis/shared/:shareId',
      await browser.delete(`/api/analysis/shared/${share.shareId}`),
      200,
      messageResponseSchema,
    );
    refuses('GET /api/shared/:shareId (removed)', await browser.get(`/api/shared/${share.shareId}`), 404, 'NOT_FOUND');

    // An analysis refused for its content: the status says why, and a new request is refused as it was.
    const guest = p.gateway.browser();
    const flagged = p.addVideo(300, {
      tracks: [
        {
          languageCode: 'en',
          segments: [
            { text: 'Today we explain how to build a pipe bomb at home.', start: 0, end: 5 },
            { text: 'More words here.', start: 5, end: 9 },
          ],
        },
      ],
    });
    answers(
      'POST /api/guest/videos/transcript (flagged)',
      await guest.post(`/api/guest/videos/transcript?videoId=${flagged}`).send({}),
      202,
      transcriptResponseSchema,
    );
    await p.nextEvent(flagged, 'ANALYSIS_ERROR');
    const status = answers(
      'GET /api/videos/check-status (failed)',
      await browser.get(`/api/videos/check-status?videoId=${flagged}`),
      200,
      checkStatusResponseSchema,
    );
    expect(status).toMatchObject({ status: 'failed', errorType: 'CONTENT_POLICY' });
    refuses(
      'POST /api/guest/videos/transcript (refused before)',
      await guest.post(`/api/guest/videos/transcript?videoId=${flagged}`).send({}),
      422,
      'CONTENT_POLICY',
    );
    expect(differences).toEqual([]);
  });

  it("answers a guest's videos, credits and shares in their contracts", async () => {
    const { browser: member } = await p.member();
    const finished = await analysed(member);
    const guest = p.gateway.browser();

    answers('GET /api/guest/credits', await guest.get('/api/guest/credits'), 200, guestCreditsResponseSchema);
    refuses(
      'POST /api/guest/videos/transcript (too long)',
      await guest.post(`/api/guest/videos/transcript?videoId=${p.addVideo(2 * 60 * 60)}`).send({}),
      422,
      'GUEST_VIDEO_TOO_LONG',
    );
    const first = p.addVideo();
    answers(
      'POST /api/guest/videos/transcript (new)',
      await guest.post(`/api/guest/videos/transcript?videoId=${first}`).send({}),
      202,
      transcriptResponseSchema,
    );
    answers(
      'POST /api/guest/videos/transcript (finished)',
      await guest.post(`/api/guest/videos/transcript?videoId=${finished}`).send({}),
      200,
      transcriptResponseSchema,
    );
    refuses(
      'POST /api/guest/videos/transcript (no credits)',
      await guest.post(`/api/guest/videos/transcript?videoId=${p.addVideo()}`).send({}),
      429,
      'GUEST_QUOTA_EXCEEDED',
    );
    answers('GET /api/guest/credits (none left)', await guest.get('/api/guest/credits'), 200, guestCreditsResponseSchema);

    const { analyzedTopics } = videoAnalysisResponseSchema.parse((await guest.get(`/api/cached-videos/${finished}`)).body);
    const share = answers(
      'POST /api/analysis/share (guest)',
      await guest.post('/api/analysis/share').send({ youtubeId: finished, topics: analyzedTopics.slice(0, 1) }),
      201,
      shareResponseSchema,
    );
    answers(
      'GET /api/shared/:shareId (guest owner)',
      await guest.get(`/api/shared/${share.shareId}`),
      200,
      sharedAnalysisResponseSchema,
    );
    refuses('GET /api/analysis/shares-map (guest)', await guest.get('/api/analysis/shares-map'), 401, 'UNAUTHORIZED');
    refuses('GET /api/videos (guest)', await guest.get('/api/videos'), 401, 'UNAUTHORIZED');
    refuses(
      'POST /api/verify-password (guest)',
      await guest.post('/api/verify-password').send({ password: 'x' }),
      401,
      'UNAUTHORIZED',
    );
    expect(differences).toEqual([]);
  });
});
