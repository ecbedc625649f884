import { AppError, shareMessages, topicsSchema, type Topic } from '@findclips/contracts';
import {
  AnalysisEdits,
  CachedVideos,
  CachedYoutubeDataEntity,
  GuestAnalyses,
  MemberAnalyses,
  Shares,
  readTopics,
  writeTopics,
  writeTranscript,
} from '@findclips/db';
import { buildUser, sampleTranscript } from '@findclips/testing';
import type { DataSource } from 'typeorm';
import { testDataSource } from '../test/harness';
import { shareAnalysis, type ShareAnalysisDeps } from './share-analysis';

const topics: Topic[] = [
  {
    id: 't1',
    title: 'Opening',
    startTime: 0,
    endTime: 60,
    quotes: [{ id: 'q1', content: 'Buses carry more people than cars.', startTime: 10, endTime: 25 }],
  },
  { id: 't2', title: 'Trams', startTime: 60, endTime: 120, quotes: [] },
];

/** The share use case called directly, on the real database: what may be published, by whom. */
describe('sharing an analysis', () => {
  let db: DataSource;
  let deps: ShareAnalysisDeps;
  let counter = 0;
  beforeAll(async () => {
    db = await testDataSource();
    deps = {
      shares: new Shares(db),
      cached: new CachedVideos(db),
      memberAnalyses: new MemberAnalyses(db),
      guests: new GuestAnalyses(db),
      edits: new AnalysisEdits(db),
    };
  });

  /** A video whose shared analysis is complete with `topics`. */
  async function analysedVideo(): Promise<string> {
    const youtubeId = `share${Date.now().toString(36).slice(-4)}${counter++}`.padEnd(11, 'x').slice(0, 11);
    await db.getRepository(CachedYoutubeDataEntity).insert({
      youtubeId,
      title: 'A talk',
      transcriptData: writeTranscript(sampleTranscript(120)),
      analyzedTopics: writeTopics(topics),
      analysisStatus: 'complete',
    });
    return youtubeId;
  }
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the share was accepted');
      },
      (error: unknown) => (error instanceof AppError ? { code: error.code, message: error.message } : Promise.reject(error)),
    );

  it('publishes topics of an analysis the member reads, their edits included, and updates the same share', async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    const first = await shareAnalysis(deps, { user }, { youtubeId, topics: [topics[0]!], title: 'Mine' });
    expect(topicsSchema.parse(readTopics(first.sharedTopics))).toEqual([topics[0]]);

    // Renamed by the member: theirs to publish; the same share is updated.
    const edited = await deps.edits.edit(
      user.id,
      youtubeId,
      async () => topics,
      (list) => list.map((topic) => (topic.id === 't2' ? { ...topic, title: 'Why cities build trams' } : topic)),
    );
    const again = await shareAnalysis(deps, { user }, { youtubeId, topics: edited.topics });
    expect(again.shareId).toBe(first.shareId);
    expect(readTopics(again.sharedTopics).map((topic) => topic.title)).toEqual(['Opening', 'Why cities build trams']);
  });

  it('refuses invented topics or quotes, a video nobody analysed, and a guest who never analysed it', async () => {
    const user = await buildUser(db);
    const youtubeId = await analysedVideo();
    const invented = [{ ...topics[0]!, title: 'Something we never said' }];
    expect(await refusal(shareAnalysis(deps, { user }, { youtubeId, topics: invented }))).toEqual({
      code: 'VALIDATION_ERROR',
      message: shareMessages.notFromAnalysis,
    });
    const quote = [{ ...topics[0]!, quotes: [{ ...topics[0]!.quotes[0]!, content: 'A quote nobody said.' }] }];
    expect((await refusal(shareAnalysis(deps, { user }, { youtubeId, topics: quote }))).code).toBe('VALIDATION_ERROR');
    expect(await refusal(shareAnalysis(deps, { user }, { youtubeId: 'neverSeen01', topics }))).toEqual({
      code: 'NOT_FOUND',
      message: shareMessages.analyseFirst,
    });
    expect(await refusal(shareAnalysis(deps, { guestId: 'a-guest-who-never-came' }, { youtubeId, topics }))).toEqual({
      code: 'FORBIDDEN',
      message: shareMessages.signInOrGuest,
    });
  });
});
