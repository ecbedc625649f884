// A member's uploaded captions through their table's owner, on the real database.
import { sampleTranscript, buildUser } from '@findclips/testing';
import type { DataSource } from 'typeorm';
import { AnalysisEdits } from './analysis-edits';
import { createDataSource } from './data-source';
import { UploadedTranscripts } from './uploaded-transcripts';

describe("a member's uploaded captions", () => {
  let db: DataSource;
  let uploads: UploadedTranscripts;
  beforeAll(async () => {
    db = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 4 }).initialize();
    uploads = new UploadedTranscripts(db);
  });
  afterAll(() => db.destroy());

  it('are read by the analysis their upload queued once the turn that stored them has ended, not before', async () => {
    const { id: userId } = await buildUser(db);
    const videoId = 'FCupload001';
    await uploads.save(userId, videoId, sampleTranscript(30), 'first.srt');
    const second = sampleTranscript(60);
    let readByJob: Promise<string | undefined> | undefined;
    await new AnalysisEdits(db).inTurn(userId, videoId, async (tx) => {
      await uploads.save(userId, videoId, second, 'second.srt', tx);
      // The job queued in the turn starts at once, before the turn (and the upload) is committed.
      readByJob = uploads.afterTurn(userId, videoId).then((read) => read?.sourceName);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(await readByJob).toBe('second.srt');
    expect((await uploads.find(userId, videoId))?.segments).toEqual(second);
  });
});
