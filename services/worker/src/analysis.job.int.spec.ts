import { localProvider, openAiCompatibleProvider } from '@findclips/analysis';
import {
  analysisEventSchema,
  topicsSchema,
  videoMessages,
  type AnalysisEvent,
  type AnalysisProviderName,
  type TranscriptSegment,
} from '@findclips/contracts';
import {
  AnalysisEdits,
  CachedYoutubeDataEntity,
  QuoteEntity,
  UploadedTranscripts,
  UserEntity,
  UserVideoAnalysisEntity,
  VideoEntity,
  createDataSource,
  readTopics,
} from '@findclips/db';
import { analysisEventsChannel, type AnalysisJob, type Publisher } from '@findclips/queue';
import { createLogger, createRedisClient, GuestPayers, redisKeys, VideoFailures, type RedisClient } from '@findclips/runtime';
import { buildUser, sampleTranscript, startFakeOpenAi, startFakeYoutube, type FakeYoutube } from '@findclips/testing';
import { YoutubeClient } from '@findclips/youtube';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { analysisTables, createAnalysisJob, createStalledFailure, STALLED_TOO_OFTEN } from './analysis.job';

/**
 * The analysis job called directly, as the queue would (no queue): the real database and Redis
 * (for the videos YouTube refused), the fake YouTube over HTTP, the built-in provider; events are
 * what it publishes, read with the contract's schema.
 */
describe('the analysis job', () => {
  let db: DataSource;
  let youtube: FakeYoutube;
  const keyPrefix = `fc:test:${randomUUID()}:`;
  const published: AnalysisEvent[] = [];
  let analyze: ReturnType<typeof createAnalysisJob>;
  let redis: RedisClient;
  let failures: VideoFailures;
  /** What the worker gives its job, its events going to `publisher`. */
  const depsWith = (publisher: Publisher, provider = localProvider, database = db) => ({
    tables: analysisTables(database),
    youtube: new YoutubeClient({ baseUrl: youtube.url, timeoutMs: 5_000 }),
    providers: new Map<AnalysisProviderName, typeof localProvider>([['local', provider]]),
    defaultProvider: 'local' as const,
    publisher,
    failures,
    payers: new GuestPayers(redis, keyPrefix),
    keyPrefix,
    chunkConcurrency: 2,
    logger: createLogger('worker', 'silent'),
  });
  /** The job as the worker makes it, its events going to `publisher`. */
  const jobWith = (publisher: Publisher, provider = localProvider, database = db) =>
    createAnalysisJob(depsWith(publisher, provider, database));

  beforeAll(async () => {
    db = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 2 }).initialize();
    redis = createRedisClient(process.env.REDIS_URL!, createLogger('test', 'silent'));
    await redis.connect();
    failures = new VideoFailures(redis, keyPrefix);
    youtube = await startFakeYoutube();
    analyze = jobWith({
      publish: async (channel, message) => {
        expect(channel).toBe(analysisEventsChannel(keyPrefix));
        published.push(analysisEventSchema.parse(JSON.parse(message)));
      },
    });
  });
  afterAll(async () => {
    await youtube?.close();
    await db?.destroy();
    if (redis) {
      for await (const keys of redis.scanIterator({ MATCH: `${keyPrefix}*` })) if (keys.length) await redis.del(keys);
      await redis.quit();
    }
  });

  let counter = 0;
  const videoId = () => `job${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}`.slice(0, 11).padEnd(11, 'x');
  const job = (data: AnalysisJob, attemptsMade = 0) =>
    ({ id: randomUUID(), data, attemptsMade, opts: { attempts: 3 } }) as Job<AnalysisJob>;
  const events = (id: string) => published.filter((event) => event.videoId === id).map((event) => event.type);
  /** A captioned video on the fake YouTube, `seconds` long. */
  const addTalk = (id: string, title: string, seconds: number) =>
    youtube.addVideo({
      id,
      title,
      durationSeconds: seconds,
      tracks: [{ languageCode: 'en', segments: sampleTranscript(seconds) }],
    });

  it('analyses a shared video: transcript stored once, topics stored, started then analysed', async () => {
    const id = videoId();
    addTalk(id, 'A talk', 600);
    await analyze(job({ videoId: id, scope: 'shared', userId: null, provider: null }));

    const row = await db.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: id });
    expect(row).toMatchObject({ analysisStatus: 'complete', analysisProvider: 'local', title: 'A talk' });
    const topics = topicsSchema.parse(JSON.parse(row.analyzedTopics!));
    expect(topics.length).toBeGreaterThan(1);
    expect(events(id)).toEqual(['ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
  });

  it('announces no failure of a job that stalled too often after an attempt stored its analysis, and gives no credit back', async () => {
    const id = videoId();
    addTalk(id, 'A talk stored, then its worker killed', 600);
    const data: AnalysisJob = { videoId: id, scope: 'shared', userId: null, provider: null };
    await analyze(job(data));
    // A guest who paid for it meanwhile (as the gateway records one), then BullMQ gives up on the job.
    await redis.hSet(redisKeys(keyPrefix).videoPayers(id), 'guest-1', JSON.stringify({ use: 'u1', windows: [], videos: 'v' }));
    const stalled = createStalledFailure(
      depsWith({ publish: async (_channel, message) => void published.push(analysisEventSchema.parse(JSON.parse(message))) }),
    );
    await stalled(job(data), new Error(STALLED_TOO_OFTEN));
    expect(events(id)).toEqual(['ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
    expect(await redis.hLen(redisKeys(keyPrefix).videoPayers(id))).toBe(1);
    expect((await db.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: id })).analysisStatus).toBe('complete');
  });

  it("takes the chapters the creator lists in the video's description as its topics", async () => {
    const id = videoId();
    youtube.addVideo({
      id,
      title: 'A chaptered talk',
      description: 'A talk about sleep and cities.\n\n00:00 - Welcome\n02:30 - How we sleep\n06:00 - Cities at night\n\nThanks!',
      durationSeconds: 600,
      tracks: [{ languageCode: 'en', segments: sampleTranscript(600) }],
    });
    await analyze(job({ videoId: id, scope: 'shared', userId: null, provider: null }));

    const row = await db.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: id });
    const topics = topicsSchema.parse(JSON.parse(row.analyzedTopics!));
    expect(topics.map((topic) => topic.title)).toEqual(['Welcome', 'How we sleep', 'Cities at night']);
    expect(topics[0]!.startTime).toBe(0);
    for (const [i, start] of [150, 360].entries()) expect(Math.abs(topics[i + 1]!.startTime - start)).toBeLessThan(8);
    expect(topics.every((topic) => topic.quotes.length > 0)).toBe(true);
  });

  it("analyses a member's uploaded captions for a video YouTube has none for, and records where they came from", async () => {
    const id = videoId();
    youtube.addVideo({ id, title: 'Uncaptioned', durationSeconds: 700, tracks: [] });
    const user = await buildUser(db);
    const captions: TranscriptSegment[] = sampleTranscript(600);
    await new UploadedTranscripts(db).save(user.id, id, captions, 'talk.srt');
    await new AnalysisEdits(db).edit(
      user.id,
      id,
      async () => [],
      () => [],
    );

    await analyze(job({ videoId: id, scope: 'private', userId: user.id, provider: null }));

    const mine = await db.getRepository(UserVideoAnalysisEntity).findOneByOrFail({ userId: user.id, youtubeId: id });
    expect(mine.transcriptSource).toBe('upload');
    expect(readTopics(mine.analyzedTopics).length).toBeGreaterThan(1);
    // The member agreed to lose their edits when they asked for this analysis.
    expect(await new AnalysisEdits(db).find(user.id, id)).toBeNull();
    // YouTube's details, no captions: the shared analysis stays failed for lack of them.
    expect(await db.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: id })).toMatchObject({
      title: 'Uncaptioned',
      durationSeconds: 700,
      analysisStatus: 'failed',
      errorType: 'NO_TRANSCRIPT',
    });
    expect(published.filter((event) => event.videoId === id).map((event) => [event.type, event.userId])).toEqual([
      ['ANALYSIS_STARTED', user.id],
      ['VIDEO_ANALYZED', user.id],
    ]);
  });

  it('announces a finished analysis once Redis takes its event again, rather than failing the attempt (which would run it again)', async () => {
    const id = videoId();
    addTalk(id, 'Redis away', 300);
    const user = await buildUser(db);
    // Redis restarting: node-redis refuses the first three commands (disableOfflineQueue), then takes them.
    const sent: string[] = [];
    let refusals = 3;
    const restarting = jobWith({
      publish: async (_, message) => {
        if (refusals-- > 0) throw new Error('The client is closed');
        sent.push(analysisEventSchema.parse(JSON.parse(message)).type);
      },
    });

    await restarting(job({ videoId: id, scope: 'private', userId: user.id, provider: null }));

    // 'Started' was given up at once; 'analysed' was tried again until Redis took it.
    expect(sent).toEqual(['VIDEO_ANALYZED']);
    const mine = await db.getRepository(UserVideoAnalysisEntity).findOneByOrFail({ userId: user.id, youtubeId: id });
    expect(readTopics(mine.analyzedTopics).length).toBeGreaterThan(1);
  });

  it("runs a member's analysis once: a retry of the run that stored it writes its history and announces it", async () => {
    const id = videoId();
    addTalk(id, 'Mine', 300);
    const user = await buildUser(db);
    let calls = 0;
    const counting = jobWith(
      { publish: async (_, message) => void published.push(analysisEventSchema.parse(JSON.parse(message))) },
      { ...localProvider, analyze: (input) => (calls++, localProvider.analyze(input)) },
    );
    const data: AnalysisJob = { videoId: id, scope: 'private', userId: user.id, provider: null, runId: randomUUID() };
    const first = job(data);
    await counting(first);
    expect(calls).toBe(1);
    const stored = await db.getRepository(UserVideoAnalysisEntity).findOneByOrFail({ userId: user.id, youtubeId: id });
    // Its history is what failed (say): the member's list has lost the video.
    await db.getRepository(VideoEntity).delete({ userId: user.id, youtubeId: id });

    // The queue runs the same run again (its last event was refused, its worker died, or the
    // history failed), under the same job id or another (a new Redis counts ids from 1 again).
    await counting({ ...first, id: 'another', attemptsMade: 1 } as Job<AnalysisJob>);
    expect(calls).toBe(1);
    expect(events(id)).toEqual(['ANALYSIS_STARTED', 'VIDEO_ANALYZED', 'ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
    const after = await db.getRepository(UserVideoAnalysisEntity).findOneByOrFail({ userId: user.id, youtubeId: id });
    expect(after.updatedAt).toEqual(stored.updatedAt);
    expect(await db.getRepository(VideoEntity).findOneBy({ userId: user.id, youtubeId: id })).not.toBeNull();

    // The member's next re-analysis is another run, under the same job id or not: it runs.
    await counting({ ...first, data: { ...data, runId: randomUUID() } } as Job<AnalysisJob>);
    expect(calls).toBe(2);
  });

  it("stores no member's re-analysis whose job Redis lost: their page said it ended unfinished, and their edits since stay", async () => {
    const id = videoId();
    addTalk(id, 'Re-analysed as Redis lost its data', 300);
    const user = await buildUser(db);
    await analyze(job({ videoId: id, scope: 'private', userId: user.id, provider: null, runId: randomUUID() }));
    const before = await db.getRepository(UserVideoAnalysisEntity).findOneByOrFail({ userId: user.id, youtubeId: id });
    const edits = new AnalysisEdits(db);
    // Their re-analysis runs when Redis loses its data (restarted without persistence, flushed), the
    // job and its lock with it. Their page, finding no job, says it ended unfinished (and its topics
    // as they were); they rename a topic, as nothing then runs to replace it.
    const reanalysing = jobWith(
      { publish: async (_, message) => void published.push(analysisEventSchema.parse(JSON.parse(message))) },
      {
        ...localProvider,
        analyze: async (input) => {
          await edits.edit(
            user.id,
            id,
            async () => readTopics(before.analyzedTopics),
            (topics) => topics.map((topic, i) => (i === 0 ? { ...topic, title: 'Renamed after it failed' } : topic)),
          );
          return localProvider.analyze(input);
        },
      },
    );
    const lost = {
      ...job({ videoId: id, scope: 'private', userId: user.id, provider: null, runId: randomUUID() }),
      // As BullMQ answers for a job Redis no longer holds: no lock to extend, its state unknown.
      extendLock: async () => 0,
      getState: async () => 'unknown',
    } as unknown as Job<AnalysisJob>;
    await reanalysing(lost, 'its-lock-token').catch(() => undefined);

    expect((await edits.find(user.id, id))?.topics[0]!.title).toBe('Renamed after it failed');
    const after = await db.getRepository(UserVideoAnalysisEntity).findOneByOrFail({ userId: user.id, youtubeId: id });
    expect(after.updatedAt).toEqual(before.updatedAt);
    // Nothing says it was analysed after all, which would take their renamed topic off their screen.
    expect(events(id)).toEqual(['ANALYSIS_STARTED', 'VIDEO_ANALYZED', 'ANALYSIS_STARTED']);
  });

  it("writes a member's quotes from captions stored with a NUL, which PostgreSQL refuses in text", async () => {
    const id = videoId();
    youtube.addVideo({ id, title: 'Stored before captions were cleaned', durationSeconds: 700, tracks: [] });
    const user = await buildUser(db);
    // Captions holding NUL, as stored before they were cleaned: the topics' JSON takes it, the
    // quotes' text (PostgreSQL's) never could.
    const captions = sampleTranscript(600).map((segment) => ({ ...segment, text: segment.text.replace(' ', ' \u0000') }));
    await new UploadedTranscripts(db).save(user.id, id, captions, 'talk.srt');

    await analyze(job({ videoId: id, scope: 'private', userId: user.id, provider: null, runId: randomUUID() }));

    expect(events(id)).toEqual(['ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
    const video = await db.getRepository(VideoEntity).findOneByOrFail({ userId: user.id, youtubeId: id });
    const quotes = await db.getRepository(QuoteEntity).findBy({ videoId: video.id });
    expect(quotes.length).toBeGreaterThan(1);
    expect(quotes.some((quote) => quote.content.includes('\u0000'))).toBe(false);

    // A re-analysis replaces them: the quotes of its topics, none left of the analysis before.
    await analyze(job({ videoId: id, scope: 'private', userId: user.id, provider: null, runId: randomUUID() }));
    const mine = await db.getRepository(UserVideoAnalysisEntity).findOneByOrFail({ userId: user.id, youtubeId: id });
    const said = readTopics(mine.analyzedTopics).flatMap((topic) =>
      topic.quotes.map((quote) => quote.content.replaceAll('\u0000', '')),
    );
    const again = await db.getRepository(QuoteEntity).findBy({ videoId: video.id });
    expect(again.map((quote) => quote.content).sort()).toEqual(said.sort());
  });

  it("announces a member's stored analysis when its history cannot be written; a write that may pass later fails the attempt first", async () => {
    /** A member's analysis of a talk whose every quote holds `marker`, and a trigger refusing their quotes with `code`. */
    const refusing = async (code: string) => {
      const id = videoId();
      const marker = `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;
      youtube.addVideo({ id, title: `Refused ${code}`, durationSeconds: 700, tracks: [] });
      const user = await buildUser(db);
      const captions = sampleTranscript(600).map((segment) => ({ ...segment, text: `${marker} ${segment.text}` }));
      await new UploadedTranscripts(db).save(user.id, id, captions, 'talk.srt');
      const name = `refuse_${marker}`;
      await db.query(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused' USING ERRCODE = '${code}'; END $$`,
      );
      await db.query(
        `CREATE TRIGGER ${name} BEFORE INSERT ON quotes FOR EACH ROW WHEN (NEW.content LIKE '%${marker}%') EXECUTE FUNCTION ${name}()`,
      );
      const run = (attemptsMade: number) =>
        analyze(job({ videoId: id, scope: 'private', userId: user.id, provider: null, runId: randomUUID() }, attemptsMade));
      const drop = async () => {
        await db.query(`DROP TRIGGER ${name} ON quotes`);
        await db.query(`DROP FUNCTION ${name}()`);
      };
      return { id, user, run, drop };
    };

    // A value PostgreSQL will never take (a check violation): announced at once, stored.
    const never = await refusing('23514');
    try {
      await never.run(0);
      expect(events(never.id)).toEqual(['ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
      const mine = await db
        .getRepository(UserVideoAnalysisEntity)
        .findOneByOrFail({ userId: never.user.id, youtubeId: never.id });
      expect(readTopics(mine.analyzedTopics).length).toBeGreaterThan(1);
    } finally {
      await never.drop();
    }

    // A deadlock may pass on the next try: the attempt fails, unannounced; the last one announces.
    const later = await refusing('40P01');
    try {
      await expect(later.run(0)).rejects.toMatchObject({ code: '40P01' });
      expect(events(later.id)).toEqual(['ANALYSIS_STARTED']);
      await later.run(2);
      expect(events(later.id)).toEqual(['ANALYSIS_STARTED', 'ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
    } finally {
      await later.drop();
    }
  });

  it('announces no failure for a video analysed already, when Redis refuses its last event on the last attempt', async () => {
    const id = videoId();
    addTalk(id, 'Done before', 300);
    await analyze(job({ videoId: id, scope: 'shared', userId: null, provider: null }));
    const sent: string[] = [];
    const refusing = jobWith({
      publish: async (_, message) => {
        const type = analysisEventSchema.parse(JSON.parse(message)).type;
        if (type === 'VIDEO_ANALYZED') throw new Error('The client is closed');
        sent.push(type);
      },
    });

    // Its last attempt: nothing to do but announce it, which Redis refuses.
    await expect(refusing(job({ videoId: id, scope: 'shared', userId: null, provider: null }, 2))).rejects.toThrow(
      'The client is closed',
    );
    expect(sent).toEqual(['ANALYSIS_STARTED']);
    expect(await db.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: id })).toMatchObject({
      analysisStatus: 'complete',
    });
  }, 20_000);

  it('announces a last failure even when the database is away and cannot record it (the browser waited for ever), and gives the guests who paid their credits back', async () => {
    const id = videoId();
    addTalk(id, 'Outage', 300);
    const guestVideos = redisKeys(keyPrefix).guestVideos('guest-outage');
    await redis.sAdd(guestVideos, id);
    await redis.hSet(
      redisKeys(keyPrefix).videoPayers(id),
      'guest-outage',
      JSON.stringify({ use: 'u1', windows: [], videos: guestVideos }),
    );
    const own = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 1 }).initialize();
    const sent: AnalysisEvent[] = [];
    // PostgreSQL goes away while the provider works, and the provider fails.
    const failing = {
      ...localProvider,
      analyze: async () => {
        await own.destroy();
        throw new Error('socket hang up');
      },
    };
    const outage = jobWith(
      { publish: async (_, message) => void sent.push(analysisEventSchema.parse(JSON.parse(message))) },
      failing,
      own,
    );
    // The last attempt.
    await expect(outage(job({ videoId: id, scope: 'shared', userId: null, provider: null }, 2))).rejects.toMatchObject({
      name: 'UnrecoverableError',
    });
    expect(sent.map((event) => event.type)).toEqual(['ANALYSIS_STARTED', 'ANALYSIS_ERROR']);
    expect(sent[1]).toMatchObject({ errorType: 'ANALYSIS_FAILED', errorMessage: 'The analysis failed. Please try again.' });
    // The row still says what the job last wrote.
    expect(await db.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: id })).toMatchObject({
      analysisStatus: 'analyzing',
    });
    // The credit is back (the video no longer among the guest's paid ones), though the database
    // could not be told to forget the guest's video.
    expect(await redis.sMembers(guestVideos)).toEqual([]);
  });

  it("writes a member's history for a shared analysis another attempt completed, and announces it without analysing again", async () => {
    const id = videoId();
    addTalk(id, 'Done before', 300);
    // An attempt stored the analysis, and then failed writing the member's history.
    await analyze(job({ videoId: id, scope: 'shared', userId: null, provider: null }));
    const user = await buildUser(db);
    const calls: number[] = [];
    const counting = {
      ...localProvider,
      analyze: (...args: Parameters<typeof localProvider.analyze>) => (calls.push(1), localProvider.analyze(...args)),
    };
    const sent: AnalysisEvent[] = [];
    const retry = jobWith(
      { publish: async (_, message) => void sent.push(analysisEventSchema.parse(JSON.parse(message))) },
      counting,
    );
    await retry(job({ videoId: id, scope: 'shared', userId: user.id, provider: null }, 1));
    expect(calls).toEqual([]);
    expect(sent.map((event) => event.type)).toEqual(['ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
    const stored = topicsSchema.parse(
      readTopics((await db.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: id })).analyzedTopics),
    );
    const kept = await db.getRepository(VideoEntity).findOneByOrFail({ userId: user.id, youtubeId: id });
    expect(await db.getRepository(QuoteEntity).countBy({ videoId: kept.id })).toBe(
      stored.flatMap((topic) => topic.quotes).length,
    );
  });

  it('announces a last failure when Redis refuses to give the credits back', async () => {
    const id = videoId();
    youtube.addVideo({ id, title: 'Silent', durationSeconds: 300, tracks: [] });
    // The video's payers' key holds what the refund cannot read.
    await redis.set(redisKeys(keyPrefix).videoPayers(id), 'not a hash');
    await expect(analyze(job({ videoId: id, scope: 'shared', userId: null, provider: null }))).rejects.toMatchObject({
      name: 'UnrecoverableError',
    });
    expect(events(id)).toEqual(['ANALYSIS_STARTED', 'ANALYSIS_ERROR']);
  });

  it('records a permanent failure once, announces it, and tells the queue not to retry', async () => {
    const id = videoId();
    youtube.addVideo({ id, title: 'Silent', durationSeconds: 300, tracks: [] });
    await expect(analyze(job({ videoId: id, scope: 'shared', userId: null, provider: null }))).rejects.toMatchObject({
      name: 'UnrecoverableError',
    });
    expect(events(id)).toEqual(['ANALYSIS_STARTED', 'ANALYSIS_ERROR']);
    expect(published.find((event) => event.videoId === id && event.type === 'ANALYSIS_ERROR')).toMatchObject({
      errorType: 'NO_TRANSCRIPT',
      errorMessage: expect.any(String),
    });
  });

  it('refuses a video over 2 hours however it was queued, from YouTube and again from the stored captions', async () => {
    const id = videoId();
    addTalk(id, 'A marathon', 2 * 3600 + 60);
    const askedYoutube: number[] = [];
    for (const attempt of [1, 2]) {
      await expect(analyze(job({ videoId: id, scope: 'shared', userId: null, provider: null }))).rejects.toMatchObject({
        name: 'UnrecoverableError',
      });
      expect(published.filter((event) => event.videoId === id && event.type === 'ANALYSIS_ERROR')).toHaveLength(attempt);
      askedYoutube.push(youtube.playerCallsFor(id));
    }
    expect(published.find((event) => event.videoId === id && event.type === 'ANALYSIS_ERROR')).toMatchObject({
      errorType: 'VIDEO_TOO_LONG',
      errorMessage: videoMessages.tooLong,
    });
    // YouTube was asked by the first run only (the second read the row), and nothing was analysed.
    expect(askedYoutube[0]).toBeGreaterThan(0);
    expect(askedYoutube[1]).toBe(askedYoutube[0]);
    expect(await db.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: id })).toMatchObject({
      analyzedTopics: null,
      durationSeconds: 7260,
    });
  });

  /** The job with an OpenAI (a fake on loopback) that answers after `latencyMs`: time to act while it works. */
  const slowProvider = async (latencyMs: number) => {
    const openai = await startFakeOpenAi();
    openai.latencyMs = latencyMs;
    const provider = openAiCompatibleProvider({
      name: 'openai',
      apiKey: openai.apiKey,
      baseURL: openai.baseUrl,
      model: 'gpt-6-luna',
      timeoutMs: 10_000,
      maxRetries: 0,
    });
    const publisher: Publisher = {
      publish: async (_channel, message) => void published.push(analysisEventSchema.parse(JSON.parse(message))),
    };
    return { openai, analyzeSlowly: jobWith(publisher, provider) };
  };

  it("fails a member's analysis at once when their account is deleted meanwhile (an operator's removal), and keeps a shared one", async () => {
    const mine = videoId();
    addTalk(mine, 'Mine', 600);
    const gone = await buildUser(db);
    // Removed while the provider works on it.
    const { openai, analyzeSlowly } = await slowProvider(1_000);
    try {
      const attempt = analyzeSlowly(job({ videoId: mine, scope: 'private', userId: gone.id, provider: null }));
      while (openai.calls.chat === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await db.getRepository(UserEntity).delete(gone.id);
      await expect(attempt).rejects.toMatchObject({ name: 'UnrecoverableError' });
      expect(openai.calls.chat).toBe(1);
    } finally {
      await openai.close();
    }
    expect(published.find((event) => event.videoId === mine && event.type === 'ANALYSIS_ERROR')).toMatchObject({
      userId: gone.id,
      errorType: 'ANALYSIS_FAILED',
      errorMessage: 'This account no longer exists.',
    });

    // A shared analysis they asked for is everyone's: stored and announced without their history.
    const shared = videoId();
    addTalk(shared, 'Shared', 600);
    await analyze(job({ videoId: shared, scope: 'shared', userId: gone.id, provider: null }));
    expect(await db.getRepository(CachedYoutubeDataEntity).findOneByOrFail({ youtubeId: shared })).toMatchObject({
      analysisStatus: 'complete',
    });
    expect(events(shared)).toEqual(['ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
  });

  it("announces nothing when a shared analysis's video row is removed while it runs, and stores it on the next attempt", async () => {
    const { openai, analyzeSlowly } = await slowProvider(1_500);
    try {
      const id = videoId();
      addTalk(id, 'Removed meanwhile', 300);
      const rows = db.getRepository(CachedYoutubeDataEntity);
      const attempt = analyzeSlowly(job({ videoId: id, scope: 'shared', userId: null, provider: null }));
      // Removed by an operator once the analysis runs.
      while ((await rows.findOneBy({ youtubeId: id }))?.analysisStatus !== 'analyzing')
        await new Promise((r) => setTimeout(r, 20));
      await rows.delete({ youtubeId: id });
      await expect(attempt).rejects.toThrow('the analysis was not stored');
      expect(events(id)).toEqual(['ANALYSIS_STARTED']);

      await analyzeSlowly(job({ videoId: id, scope: 'shared', userId: null, provider: null }, 1));
      expect(await rows.findOneByOrFail({ youtubeId: id })).toMatchObject({ analysisStatus: 'complete' });
      expect(events(id)).toEqual(['ANALYSIS_STARTED', 'ANALYSIS_STARTED', 'VIDEO_ANALYZED']);
    } finally {
      await openai.close();
    }
  });

  it('tells the gateway of a video that is gone, and of one whose listed captions have no words', async () => {
    const empty = videoId();
    youtube.addVideo({ id: empty, title: 'Empty track', durationSeconds: 300, tracks: [{ languageCode: 'en', segments: [] }] });
    const gone = videoId();
    youtube.addVideo({ id: gone, title: 'Removed', durationSeconds: 300, playability: 'ERROR' });
    // What the gateway's lookup stored of the first: a track listed, so captions.
    const facts = { videoId: empty, title: 'Empty track', durationSeconds: 300, hasCaptions: true };
    await redis.set(redisKeys(keyPrefix).metadata(empty), JSON.stringify(facts), { EX: 86_400 });
    for (const id of [empty, gone]) {
      await expect(analyze(job({ videoId: id, scope: 'shared', userId: null, provider: null }))).rejects.toMatchObject({
        name: 'UnrecoverableError',
      });
    }
    expect(JSON.parse((await redis.get(redisKeys(keyPrefix).metadata(empty)))!)).toEqual({ ...facts, hasCaptions: false });
    expect(await redis.ttl(redisKeys(keyPrefix).metadata(empty))).toBeLessThanOrEqual(600);
    expect(await failures.recall(empty)).toBeNull();
    expect(await failures.recall(gone)).toMatchObject({ code: 'VIDEO_UNAVAILABLE' });
  });
});
